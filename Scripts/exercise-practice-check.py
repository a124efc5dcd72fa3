"""Answers an exercise's student sheet by keys in headless Chromium and reports, as JSON, what the
page says: per question, the feedback after checking the right choice and after checking a wrong
one (the choice made with the arrow keys, the check button pressed with Enter); for a question
answered with a number, after typing a right number (the value plus half the tolerance, with a
decimal comma when the value has decimals: "77,5"), a wrong one (plus twice the tolerance) and
none, with the numbers typed; and, for each
item's audio graph, what its live region says after ArrowRight and after "]" (which an exercise's
graph ignores), and which audio element plays.

With `http`, the sheet is served over plain http by a server on 127.0.0.1 and opened as
http://school.example:PORT/, a name Chromium maps to that address: not localhost, so not a secure
context, as on a school's intranet (the browser then has no crypto.subtle). The report says which
digest the page used ("subtle" or "script").

Usage: exercise-practice-check.py FOLDER [http]
"""
import functools
import http.server
import json
import os
import sys
import threading
import time

import headless_chromium
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

folder = os.path.abspath(sys.argv[1])
over_http = sys.argv[2:] == ["http"]
exercise = json.load(open(os.path.join(folder, "exercise.json")))
address = "file://" + os.path.join(folder, "exercise.html")
extra = []
server = None
if over_http:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=folder)
    handler.log_message = lambda *arguments: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    address = "http://school.example:%d/exercise.html" % server.server_address[1]
    extra = ["--host-resolver-rules=MAP school.example 127.0.0.1"]
driver = headless_chromium.start(autoplay=True, extra=extra)
report = {"questions": [], "players": []}


def choose_and_check(name, choice):
    """Selects choice (0-based) of question name with the arrow keys, presses its button."""
    first = driver.find_element(By.ID, "%s-1" % name)
    driver.execute_script("arguments[0].focus()", first)
    first.send_keys(Keys.SPACE)
    for _ in range(choice):
        driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    driver.switch_to.active_element.send_keys(Keys.TAB)
    button = driver.switch_to.active_element
    assert button.get_attribute("id") == "check-" + name, button.get_attribute("id")
    button.send_keys(Keys.ENTER)
    feedback = driver.find_element(By.CSS_SELECTOR, "#check-%s" % name).find_element(
        By.XPATH, "../following-sibling::p[@class='feedback']")
    for _ in range(100):
        if feedback.text:
            break
        time.sleep(0.05)
    return feedback.text


def type_and_check(name, text):
    """Types text into question name's field, then presses its button with Enter."""
    field = driver.find_element(By.ID, name)
    driver.execute_script("arguments[0].focus(); arguments[0].value = ''", field)
    field.send_keys(text)
    field.send_keys(Keys.TAB)
    button = driver.switch_to.active_element
    assert button.get_attribute("id") == "check-" + name, button.get_attribute("id")
    feedback = button.find_element(By.XPATH, "../following-sibling::p[@class='feedback']")
    driver.execute_script("arguments[0].textContent = ''", feedback)
    button.send_keys(Keys.ENTER)
    for _ in range(100):
        if feedback.text:
            break
        time.sleep(0.05)
    return feedback.text


def written(value):
    """A number as a student might type it: a decimal comma when it has decimals."""
    text = ("%.6f" % value).rstrip("0").rstrip(".")
    return text.replace(".", ",")


try:
    driver.get(address)
    report["secure"] = driver.execute_script("return window.isSecureContext")
    report["digest"] = driver.execute_script("return document.documentElement.dataset.digest")
    for item in exercise["items"]:
        for index, question in enumerate(item["questions"]):
            name = "q%d-%d" % (item["number"], index + 1)
            if "number" in question:
                right = written(question["number"] + question["tolerance"] / 2)
                wrong = written(question["number"] + question["tolerance"] * 2)
                report["questions"].append({
                    "name": name, "typedRight": right, "typedWrong": wrong,
                    "right": type_and_check(name, right), "wrong": type_and_check(name, wrong),
                    "none": type_and_check(name, ""),
                })
                continue
            wrong = (question["answer"] + 1) % len(question["choices"])
            report["questions"].append({
                "name": name,
                "right": choose_and_check(name, question["answer"]),
                "wrong": choose_and_check(name, wrong),
            })
        graph = driver.find_element(By.ID, "graph-item-%d" % item["number"])
        driver.execute_script("arguments[0].focus()", graph)
        status = driver.find_element(By.ID, "status-item-%d" % item["number"])
        graph.send_keys(Keys.ARROW_RIGHT)
        after_right = status.text
        playing = driver.execute_script(
            "return Array.from(arguments[0].querySelectorAll('audio')).filter(a => !a.paused)"
            ".map(a => a.currentSrc.split('/').slice(-3).join('/'))",
            driver.find_element(By.ID, "player-item-%d" % item["number"]))
        graph.send_keys("]")
        report["players"].append({"number": item["number"], "arrowRight": after_right,
                                  "playing": playing, "afterBracket": status.text})
finally:
    driver.quit()
    if server:
        server.shutdown()
print(json.dumps(report))
