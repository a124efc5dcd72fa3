/// The events that set a channel up before its first note.
enum ChannelSetup {
  /// The channel volume every track gets.
  static let volume: UInt7 = 100

  /// Bank select (0, 0), program, volume and pan; when the track bends, the pitch-bend range
  /// (RPN 0: CC 101 = 0, CC 100 = 0, data entry CC 6 = semitones, CC 38 = 0 cents, then the null
  /// RPN 127/127, so that later data entry changes nothing) and a centred bend.
  static func events(program: UInt7, pan: Int, bendRange: Int? = nil) -> [ScoreEvent] {
    func control(_ controller: UInt7, _ value: UInt7) -> ScoreEvent {
      ScoreEvent(time: 0, message: .controlChange(controller: controller, value: value))
    }
    var events: [ScoreEvent] = [
      control(MIDIController.bankSelect, 0),
      control(MIDIController.bankSelectLSB, 0),
      ScoreEvent(time: 0, message: .programChange(program)),
      control(MIDIController.volume, volume),
      control(MIDIController.pan, UInt7(clamping: pan)),
    ]
    if let bendRange {
      let sensitivity = RegisteredParameter.pitchBendSensitivity
      let null = RegisteredParameter.null
      events += [
        control(MIDIController.registeredParameterMSB, sensitivity.msb),
        control(MIDIController.registeredParameterLSB, sensitivity.lsb),
        control(MIDIController.dataEntry, UInt7(clamping: bendRange)),
        control(MIDIController.dataEntryLSB, 0),
        control(MIDIController.registeredParameterMSB, null.msb),
        control(MIDIController.registeredParameterLSB, null.lsb),
        ScoreEvent(time: 0, message: .pitchBend(.center)),
      ]
    }
    return events
  }
}
