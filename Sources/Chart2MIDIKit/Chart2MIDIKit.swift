// The whole library in one import: `import Chart2MIDIKit` brings the chart model and its reading
// (Descriptor), the mapping and the SMF encoder (MIDIMap), the SMF reader (SMFReader), rendering
// (Synth), the outputs (Export) and the listening exercises (Exercise). Code that needs only a
// chart and its MIDI bytes, on a platform without the C libraries, imports Descriptor and MIDIMap.
@_exported import Descriptor
@_exported import Exercise
@_exported import Export
@_exported import MIDIMap
@_exported import SMFReader
@_exported import Synth
