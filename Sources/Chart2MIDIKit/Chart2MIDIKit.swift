// The whole library in one import: `import Chart2MIDIKit` brings the chart model (Chart2MIDIChart),
// its reading (Chart2MIDIInput), its facts (Chart2MIDIFacts), MIDI and the SMF encoder
// (Chart2MIDICore), the mapping (Chart2MIDISonification), the SMF reader (Chart2MIDISMFReader),
// rendering (Chart2MIDIAudio), the outputs (Chart2MIDIOutputs) and the listening exercises
// (Chart2MIDIExercises). Code that needs only a chart and its MIDI bytes, on a platform without the
// C libraries, imports Chart2MIDIInput and Chart2MIDISonification.
@_exported import Chart2MIDIAudio
@_exported import Chart2MIDIBase
@_exported import Chart2MIDIChart
@_exported import Chart2MIDICore
@_exported import Chart2MIDIExercises
@_exported import Chart2MIDIFacts
@_exported import Chart2MIDIInput
@_exported import Chart2MIDIOutputs
@_exported import Chart2MIDISMFReader
@_exported import Chart2MIDISonification
