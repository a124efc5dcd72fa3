import Chart2MIDIChart
import Chart2MIDIOutputs
import Foundation

/// Choosing an exercise's questions among every item's candidates.
extension QuestionMaker {
  /// The kinds whose questions are about one note: a note is asked about once.
  static let noteKinds: Set<Question.Kind> = [
    .peakPlace, .peakValue, .outlier, .lowestValue, .season,
  ]

  /// Up to `count` questions for each item of an exercise, from each item's `candidates`: the
  /// kinds in an order drawn from `generator`, those asked least so far in the exercise first,
  /// one question of each in turn, no two about the
  /// same note, and no two that give each other away (that share a fact, see `Question.facts`:
  /// "it mostly rises" tells where its peak is). The items with the fewest candidates choose
  /// first.
  ///
  /// So that a guess never pays, across the exercise:
  /// - no answer is right in more than half (rounded up) of the questions of its kind (see
  ///   `balanceKey`: rises, falls or stays level; whether a note stands out; where a peak lies);
  /// - no position is right in more than half (rounded up) of the questions: choices in an order
  ///   of their own (in time; rises, falls, level) count where they are, and choices without one
  ///   (instruments, series) are shuffled, the right one put where fewest right answers are so
  ///   far, the rest in an order drawn from `generator`.
  ///
  /// A chart whose every question would tip a balance gets none, and so does a chart whose only
  /// question is an estimate.
  package static func choose(
    _ candidates: [[Question]], count: Int, using generator: inout some RandomNumberGenerator
  ) -> [[Question]] {
    var answers: [Question.Kind: [Int: Int]] = [:]
    var positions: [Int: Int] = [:]
    // Whether one more of `key` keeps it right in at most half, rounded up.
    func fits(_ counts: [Int: Int], _ key: Int) -> Bool {
      counts[key, default: 0] + 1 <= (counts.values.reduce(0, +) + 2) / 2
    }
    func balanced(_ question: Question) -> Bool {
      if let key = balanceKey(question), !fits(answers[question.kind, default: [:]], key) {
        return false
      }
      return !hasFixedPosition(question) || fits(positions, question.answer)
    }
    func record(_ question: Question) {
      if let key = balanceKey(question) {
        answers[question.kind, default: [:]][key, default: 0] += 1
      }
      if hasFixedPosition(question) { positions[question.answer, default: 0] += 1 }
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
    // How often each kind is asked so far: an item asks first the kinds asked least.
    var asked: [Question.Kind: Int] = [:]
    for item in order {
      // An estimate is asked beside a question of the chart's shape, never alone: a chart
      // whose shape has nothing clear to ask is left out.
      guard candidates[item].contains(where: { $0.kind != .estimate }) else { continue }
      var byKind = pools[item]
      let drawn = orders[item]
      var kinds = drawn.indices.sorted {
        (asked[drawn[$0], default: 0], $0) < (asked[drawn[$1], default: 0], $1)
      }.map { drawn[$0] }
      var questions: [Question] = []
      var told: Set<String> = []
      while questions.count < count, !kinds.isEmpty {
        for kind in kinds where questions.count < count {
          // A kind any chart offers (an estimate) is asked in at most half of the items.
          guard asked[kind, default: 0] < (candidates.count + 1) / 2 || kind != .estimate,
            let at = byKind[kind]!.firstIndex(where: {
              balanced($0) && told.isDisjoint(with: $0.facts)
            })
          else {
            byKind[kind] = []
            continue
          }
          let question = byKind[kind]!.remove(at: at)
          questions.append(question)
          record(question)
          asked[kind, default: 0] += 1
          told.formUnion(question.facts)
          // One question per note: a peak that is also the outlier is asked about once.
          if let time = question.listenAt, noteKinds.contains(kind) {
            for other in noteKinds {
              byKind[other]?.removeAll { $0.listenAt == time }
            }
          }
        }
        kinds.removeAll { byKind[$0]!.isEmpty }
      }
      chosen[item] = questions
    }
    // The choices without an order of their own, in chart order: the right one where fewest
    // right answers are.
    for item in chosen.indices {
      for index in chosen[item].indices
      where !chosen[item][index].isOrdered && chosen[item][index].choices.count > 1 {
        var question = chosen[item][index]
        let places = Array(question.choices.indices)
        let fewest = places.map { positions[$0, default: 0] }.min()!
        let place = places.filter { positions[$0, default: 0] == fewest }.randomElement(
          using: &generator)!
        var others = question.choices.indices.filter { $0 != question.answer }.map {
          question.choices[$0]
        }
        others.shuffle(using: &generator)
        others.insert(question.rightChoice, at: place)
        question.choices = others
        question.answer = place
        positions[place, default: 0] += 1
        chosen[item][index] = question
      }
    }
    return chosen
  }

  /// Whether a question's right answer stays where it was made: choices with an order of their
  /// own; not a number's.
  static func hasFixedPosition(_ question: Question) -> Bool {
    question.numeric == nil && question.isOrdered && !question.choices.isEmpty
  }

  /// What a question's answer is balanced on: whether a note stands out (no or yes), a peak's
  /// third, a trend's direction, the link of note length and pitch, whether two series go
  /// together.
  static func balanceKey(_ question: Question) -> Int? {
    switch question.kind {
    case .outlier: question.answer == 0 ? 0 : 1
    case .peakPlace, .trend, .durationLink, .together: question.answer
    default: nil
    }
  }
}
