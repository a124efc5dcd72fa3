"""Opens a chart page from file:// in headless Chromium, presses keys on its graph, and reports as
JSON what each key did: the live region's text, each audio element's state (paused, currentTime,
playbackRate); every resource the page requested (none may leave its folder); the violations a
current axe-core finds (the one axe-playwright-python ships, injected here); and what the Tab key
reaches, in order.

Usage: page-browser-check.py FOLDER KEY... (KEY: a name such as ArrowRight, Home, Space, or a
character)
"""
import importlib.util
import json
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

folder = os.path.abspath(sys.argv[1])
names = {"ArrowRight": Keys.ARROW_RIGHT, "ArrowLeft": Keys.ARROW_LEFT, "ArrowUp": Keys.ARROW_UP,
         "ArrowDown": Keys.ARROW_DOWN, "Home": Keys.HOME, "End": Keys.END, "Space": Keys.SPACE,
         "Escape": Keys.ESCAPE}

options = Options()
options.binary_location = "/usr/bin/chromium"
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1000,1400", "--autoplay-policy=no-user-gesture-required",
                 "--allow-file-access-from-files"]:
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
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
finally:
    driver.quit()
print(json.dumps(report))
