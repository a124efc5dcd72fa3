/// The page's script and style, written beside `index.html`: nothing is fetched from elsewhere.
/// Both are files of the package (`Page/Resources/page.js` and `page.css`, which the tests parse and
/// check as JavaScript and CSS), compiled into the program.
package enum PageResources {
  /// The keys of the graph: moving through the points (each note played from its series' stem, its
  /// values said in the live region), through the series, playing the mix or a soloed stem from the
  /// current point (which follows the sound, so a pause leaves it where the sound was), the speed.
  package static let script = String(decoding: PackageResources.page_js, as: UTF8.self)

  /// High contrast, light or dark as the reader prefers, no motion when reduced motion is asked
  /// for, and a layout that holds at 320 px.
  static let style = String(decoding: PackageResources.page_css, as: UTF8.self)
}
