import Chart2MIDIChart
import Chart2MIDIOutputs
import Foundation

/// Choosing an exercise's questions among every item's candidates.
extension QuestionMaker {
  /// Up to `count` questions for each item of an exercise, from each item's `candidates`: the
  /// kinds in an order drawn from `generator`, one question of each in turn, no two about the
  /// same note. Across the exercise, no answer is right in more than half (rounded up) of the
  /// questions whether a note stands out (yes or no) or where a peak lies (beginning, middle,
  /// end), so that a guess never pays: a chart whose every question would tip the balance gets
  /// none. The items with the fewest candidates choose first.
  package static func choose(
    _ candidates: [[Question]], count: Int, using generator: inout some RandomNumberGenerator
  ) -> [[Question]] {
    var tally: [Question.Kind: [Int: Int]] = [:]
    func balanced(_ question: Question) -> Bool {
      guard let key = balanceKey(question) else { return true }
      let counts = tally[question.kind, default: [:]]
      let total = counts.values.reduce(0, +)
      return counts[key, default: 0] + 1 <= (total + 2) / 2
    }
    func record(_ question: Question) {
      if let key = balanceKey(question) { tally[question.kind, default: [:]][key, default: 0] += 1 }
    }
    // Each item's kinds and questions in an order drawn from the generator, item by item.
    var pools: [[Question.Kind: [Question]]] = []
    var orders: [[Question.Kind]] = []
    for item in candidates {
      var byKind: [Question.Kind: [Question]] = [:]
      for question in item { byKind[question.kind, default: []].append(question) }
      var kinds = Question.Kind.allCases.filter { byKind[$0] != nil }
      kinds.shuffle(using: &generator)
      for kind in kinds { byKind[kind]!.shuffle(using: &generator) }
      pools.append(byKind)
      orders.append(kinds)
    }
    var chosen = [[Question]](repeating: [], count: candidates.count)
    let order = candidates.indices.sorted {
      (candidates[$0].count, $0) < (candidates[$1].count, $1)
    }
    for item in order {
      var byKind = pools[item]
      var kinds = orders[item]
      var questions: [Question] = []
      while questions.count < count, !kinds.isEmpty {
        for kind in kinds where questions.count < count {
          guard let at = byKind[kind]!.firstIndex(where: balanced) else {
            byKind[kind] = []
            continue
          }
          let question = byKind[kind]!.remove(at: at)
          questions.append(question)
          record(question)
          // One question per note: a peak that is also the outlier is asked about once.
          if let time = question.listenAt, [.peakPlace, .peakValue, .outlier].contains(kind) {
            for other in [Question.Kind.peakPlace, .peakValue, .outlier] {
              byKind[other]?.removeAll { $0.listenAt == time }
            }
          }
        }
        kinds.removeAll { byKind[$0]!.isEmpty }
      }
      chosen[item] = questions
    }
    return chosen
  }

  /// What a question's answer is balanced on: an outlier question's no or yes, a peak's third.
  static func balanceKey(_ question: Question) -> Int? {
    switch question.kind {
    case .outlier: question.answer == 0 ? 0 : 1
    case .peakPlace: question.answer
    default: nil
    }
  }
}
