"""Opens an exercise's pages in headless Chromium and reports, as JSON, what a student meets:
each item's audio (its graph's mix) state and duration, axe's accessibility violations, and whether every
question on the student sheet can be answered with the keyboard alone (a choice by arrow keys,
a number typed into its field).

Usage: exercise-browser-check.py FOLDER [SCREENSHOT.png]
"""
import json
import os
import sys
import time

import headless_chromium
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

folder = os.path.abspath(sys.argv[1])
screenshot = sys.argv[2] if len(sys.argv) > 2 else None
exercise = json.load(open(os.path.join(folder, "exercise.json")))

driver = headless_chromium.start()
report = {}
try:
    for page in ["exercise.html", "answers.html"]:
        driver.get("file://" + os.path.join(folder, page))
        audios = []
        for audio in driver.find_elements(By.CSS_SELECTOR, "audio.mix"):
            state = None
            for _ in range(200):
                state = driver.execute_script(
                    "const a = arguments[0]; a.load && a.readyState === 0 && a.networkState === 0 && a.load();"
                    "return [a.readyState, a.duration, a.error ? a.error.code : null];", audio)
                if state[0] >= 1 or state[2] is not None:
                    break
                time.sleep(0.05)
            audios.append({
                "src": os.path.basename(driver.execute_script("return arguments[0].currentSrc", audio)),
                "readyState": state[0], "duration": state[1], "error": state[2],
                "canPlayType": driver.execute_script("return arguments[0].canPlayType('audio/wav')", audio),
            })
        axe = Axe(driver)
        axe.inject()
        result = axe.run()
        report[page] = {
            "title": driver.title,
            "lang": driver.find_element(By.TAG_NAME, "html").get_attribute("lang"),
            "audio": audios,
            "violations": [{"id": v["id"], "nodes": len(v["nodes"])} for v in result["violations"]],
        }
        if page == "exercise.html" and screenshot:
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(screenshot)

    # The keyboard alone: Tab to each question's first choice, then arrow keys to the answer.
    driver.get("file://" + os.path.join(folder, "exercise.html"))
    wanted = {}
    for item in exercise["items"]:
        for index, question in enumerate(item["questions"]):
            name = "q%d-%d" % (item["number"], index + 1)
            if "number" in question:
                wanted[name] = ("%.6f" % question["number"]).rstrip("0").rstrip(".")
            else:
                wanted[name] = question["answer"]
    done = set()
    driver.find_element(By.TAG_NAME, "body").click()
    for _ in range(2000):
        if len(done) == len(wanted):
            break
        focused = driver.switch_to.active_element
        focused.send_keys(Keys.TAB)
        focused = driver.switch_to.active_element
        name = focused.get_attribute("name")
        if focused.tag_name == "input" and name in wanted and name not in done:
            if focused.get_attribute("type") == "text":
                focused.send_keys(wanted[name])
                done.add(name)
                continue
            steps = wanted[name]
            if steps == 0:
                focused.send_keys(Keys.SPACE)
            for _ in range(steps):
                driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
            done.add(name)
    chosen = {}
    for name in wanted:
        field = driver.find_elements(By.CSS_SELECTOR, "input[type=text][name='%s']" % name)
        if field:
            chosen[name] = field[0].get_attribute("value")
            continue
        checked = driver.find_elements(By.CSS_SELECTOR, "input[name='%s']:checked" % name)
        chosen[name] = int(checked[0].get_attribute("value")) - 1 if checked else None
    report["keyboard"] = {"wanted": wanted, "chosen": chosen}
finally:
    driver.quit()
print(json.dumps(report))
