import Chart2MIDICore

/// The events that set a channel up before its first note.
enum ChannelSetup {
  /// The channel volume every track gets.
  static let volume: UInt7 = 100

  /// Bank select (0, 0), program, volume and pan; when the channel bends, the pitch-bend range
  /// (RPN 0: CC 101 = 0, CC 100 = 0, data entry CC 6 = semitones, CC 38 = 0 cents, then the null
  /// RPN 127/127, so that later data entry changes nothing) and a centred bend. `channel` names a
  /// channel other than the track's. The percussion channel gets no bank select: General MIDI
  /// gives it its kit, and an XG synth reads bank 0 there as a melodic bank, which would play the
  /// ticks as pitched notes.
  static func events(
    program: UInt7, pan: Int, bendRange: Int? = nil, channel: UInt4? = nil,
    isPercussion: Bool = false
  ) -> [ScoreEvent] {
    func control(_ controller: UInt7, _ value: UInt7) -> ScoreEvent {
      ScoreEvent(
        time: 0, message: .controlChange(controller: controller, value: value), channel: channel)
    }
    var events: [ScoreEvent] =
      isPercussion
      ? [] : [control(MIDIController.bankSelect, 0), control(MIDIController.bankSelectLSB, 0)]
    events += [
      ScoreEvent(time: 0, message: .programChange(program), channel: channel),
      control(MIDIController.volume, volume),
      control(MIDIController.pan, UInt7(clamping: pan)),
    ]
    if let bendRange {
      events += registeredParameter(
        RegisteredParameter.pitchBendSensitivity, UInt7(clamping: bendRange), channel: channel)
      events.append(ScoreEvent(time: 0, message: .pitchBend(.center), channel: channel))
    }
    return events
  }

  /// The MPE Configuration Message on a Lower Zone's manager channel (RPN 6, its data the number
  /// of member channels that follow the manager), then the null RPN.
  static func mpeConfiguration(members: Int, channel: UInt4? = nil) -> [ScoreEvent] {
    registeredParameter(
      RegisteredParameter.mpeConfiguration, UInt7(clamping: members), channel: channel)
  }

  /// A registered parameter set: CC 101 and CC 100 select it, data entry CC 6 (and CC 38 = 0)
  /// gives its value, and the null RPN closes it.
  private static func registeredParameter(
    _ parameter: (msb: UInt7, lsb: UInt7), _ value: UInt7, channel: UInt4?
  ) -> [ScoreEvent] {
    let null = RegisteredParameter.null
    return [
      (MIDIController.registeredParameterMSB, parameter.msb),
      (MIDIController.registeredParameterLSB, parameter.lsb),
      (MIDIController.dataEntry, value),
      (MIDIController.dataEntryLSB, 0),
      (MIDIController.registeredParameterMSB, null.msb),
      (MIDIController.registeredParameterLSB, null.lsb),
    ].map {
      ScoreEvent(time: 0, message: .controlChange(controller: $0.0, value: $0.1), channel: channel)
    }
  }
}
