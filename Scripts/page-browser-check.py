"""Opens a chart page from file:// in headless Chromium, presses keys on its graph, and reports as
JSON what each key did: the live region's text, each audio element's state (paused, currentTime,
playbackRate); every resource the page requested (none may leave its folder); the violations a
current axe-core finds (the one axe-playwright-python ships, injected here); the drawing's tick
labels, each where it stands in the plot's frame; what the keyboard alone reaches and does (Tab
order, the key list shown and hidden, the data table opened); and the page at 320 CSS pixels wide
(nothing wider than the window, the graph still answering its keys).

Usage: page-browser-check.py FOLDER KEY... (KEY: a name such as ArrowRight, Home, Space, or a
character)
"""
import importlib.util
import json
import os
import sys
import time

import headless_chromium
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

folder = os.path.abspath(sys.argv[1])
names = {"ArrowRight": Keys.ARROW_RIGHT, "ArrowLeft": Keys.ARROW_LEFT, "ArrowUp": Keys.ARROW_UP,
         "ArrowDown": Keys.ARROW_DOWN, "Home": Keys.HOME, "End": Keys.END, "Space": Keys.SPACE,
         "Escape": Keys.ESCAPE}

driver = headless_chromium.start(autoplay=True, performance_log=True)
report = {"steps": []}
try:
    driver.get("file://" + os.path.join(folder, "index.html"))
    # Every audio element ready before the keys.
    for _ in range(200):
        ready = driver.execute_script(
            "return Array.from(document.querySelectorAll('audio')).every(a => a.readyState >= 1)")
        if ready:
            break
        time.sleep(0.05)
    graph = driver.find_element(By.ID, "graph")
    graph.click()
    report["focused"] = driver.execute_script("return document.activeElement.id")
    state = """
        return {
          status: document.getElementById('status').textContent,
          audio: Array.from(document.querySelectorAll('audio')).map(a => ({
            id: a.id || ('series-' + a.dataset.series), paused: a.paused,
            time: a.currentTime, rate: a.playbackRate, error: a.error ? a.error.code : null}))
        };"""
    for key in sys.argv[2:]:
        graph.send_keys(names.get(key, key))
        step = driver.execute_script(state)
        step["key"] = key
        report["steps"].append(step)
    # Every request the page made, from Chromium's network log.
    requests = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            requests.append(message["params"]["request"]["url"])
    report["requests"] = requests
    report["lang"] = driver.find_element(By.TAG_NAME, "html").get_attribute("lang")
    # axe-core, from the package's folder (the package itself needs playwright, not loaded here).
    spec = importlib.util.find_spec("axe_playwright_python")
    axe = open(os.path.join(spec.submodule_search_locations[0], "axe.min.js")).read()
    driver.execute_script(axe)
    driver.set_script_timeout(60)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document).then(r => done({version: axe.version, violations: r.violations.map("
        "v => ({id: v.id, nodes: v.nodes.length}))}));")
    report["axe"] = result
    # The keyboard alone: Tab from the top reaches the graph, then the details' summary.
    driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    body = driver.find_element(By.TAG_NAME, "body")
    reached = []
    for _ in range(6):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        active = driver.switch_to.active_element
        reached.append(active.get_attribute("id") or active.tag_name)
    report["tabOrder"] = reached
    # The drawing's tick labels, each at its place from 0 to 1 along the plot's frame.
    report["ticks"] = driver.execute_script("""
        const frame = document.querySelector('svg .frame').getBBox();
        return Array.from(document.querySelectorAll('svg .tick')).map(t => {
          const box = t.getBBox();
          const vertical = t.getAttribute('text-anchor') === 'end';
          return {text: t.textContent, axis: vertical ? 'y' : 'x',
                  at: vertical ? 1 - (box.y + box.height / 2 - frame.y) / frame.height
                               : (box.x + box.width / 2 - frame.x) / frame.width};
        });""")
    # The keyboard alone: from the top, Tab to the graph, ? hides and shows the key list, Tab on
    # to the data table's summary, Enter opens it.
    keyboard = {}
    driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    for _ in range(3):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        if driver.switch_to.active_element.get_attribute("id") == "graph":
            break
    focused = driver.switch_to.active_element
    keyboard["graph"] = focused.get_attribute("id")
    focused.send_keys("?")
    keyboard["keysHidden"] = driver.execute_script(
        "return document.getElementById('keys-help').hidden")
    focused.send_keys("?")
    keyboard["keysShownAgain"] = not driver.execute_script(
        "return document.getElementById('keys-help').hidden")
    focused.send_keys(Keys.TAB)
    summary = driver.switch_to.active_element
    keyboard["next"] = summary.tag_name
    summary.send_keys(Keys.ENTER)
    keyboard["tableOpen"] = driver.execute_script(
        "const d = document.querySelector('details');"
        "return d.open && d.querySelector('table').getBoundingClientRect().height > 0")
    report["keyboard"] = keyboard
    # 320 CSS pixels wide, as a phone held upright or a page zoomed to 400%.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 320, "height": 640, "deviceScaleFactor": 1, "mobile": True})
    driver.get("file://" + os.path.join(folder, "index.html"))
    narrow = driver.execute_script("""
        const tooWide = Array.from(document.querySelectorAll('main *'))
          .filter(e => !e.closest('table') && e.getBoundingClientRect().right > window.innerWidth + 1)
          .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : ''));
        return {width: window.innerWidth, scrollWidth: document.documentElement.scrollWidth,
                tooWide: tooWide.slice(0, 5),
                graphWidth: document.getElementById('graph').getBoundingClientRect().width};""")
    graph = driver.find_element(By.ID, "graph")
    graph.click()
    graph.send_keys(Keys.ARROW_RIGHT)
    narrow["status"] = driver.execute_script("return document.getElementById('status').textContent")
    report["narrow"] = narrow
finally:
    driver.quit()
print(json.dumps(report))
