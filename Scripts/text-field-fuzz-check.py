"""Reads every output of the text-field fuzzer's cases with the programs its users read it with,
and reports, per case folder, what each consumer found: the structure of each page in Chromium
(every element's tag and attribute names, whether a script ran), the cues of the WebVTT, SubRip
and TTML captions, the questions of the Moodle XML, QTI and GIFT quizzes, the tracks and markers
of the REAPER and OpenTimelineIO sessions, the narration script's sentences. The test compares
each hostile case with the benign one (the text may differ, the structure may not), and the same
captions in three formats with each other.

Usage: text-field-fuzz-check.py CASE_FOLDER...
"""
import io
import json
import os
import re
import sys
import xml.etree.ElementTree as ElementTree
import zipfile

import opentimelineio
import rpp
import srt
import webvtt

import headless_chromium
from selenium.common.exceptions import NoAlertPresentException, UnexpectedAlertPresentException

SHAPE = """
const elements = [];
for (const element of document.querySelectorAll('*')) {
  const names = Array.from(element.attributes).map(attribute => attribute.name).sort();
  elements.push(element.tagName + '[' + names.join(' ') + ']');
}
const players = Array.from(document.querySelectorAll('script.chart-data')).map(script => {
  try { return JSON.parse(script.textContent).series.map(series => series.points.length); }
  catch (error) { return 'unreadable'; }
});
return {elements: elements, players: players, alerted: window.__alerted || 0};
"""


def alert_open(driver):
    try:
        driver.switch_to.alert.dismiss()
        return True
    except NoAlertPresentException:
        return False


def page_shape(driver, path):
    """The page's elements and players as Chromium builds them once loaded; whether any script
    of the chart's ran (an alert). An attribute the text made (an `onmouseover`, an
    `autofocus`) shows in the elements' attribute names, so no element needs hovering here
    (`hostile-page-check.py` hovers and focuses every one)."""
    alerted = False
    try:
        driver.get("file://" + os.path.abspath(path))
        alerted = alert_open(driver)
        shape = driver.execute_script(SHAPE)
    except UnexpectedAlertPresentException:
        return {"alerted": True}
    shape["alerted"] = bool(shape.get("alerted")) or alerted
    return shape


def gift_questions(text):
    """Moodle's GIFT reader: comments (`//` lines) are dropped, questions are the blocks between
    blank lines, and a block is a question when it holds an unescaped `{`."""
    lines = [line for line in text.replace("\r\n", "\n").split("\n")
             if not line.lstrip().startswith("//")]
    blocks = re.split(r"\n\s*\n", "\n".join(lines))
    return sum(1 for block in blocks if re.search(r"(?<!\\)\{", block))


def read(folder):
    result = {}
    # The narrated captions read whole; the same captions in three formats (longer text makes
    # more cues, so these are compared with each other, not with plain text's).
    result["narrated"] = len(list(webvtt.read(os.path.join(folder, "chart.vtt")))) > 0
    captions = [len(list(webvtt.read(os.path.join(folder, "labels.vtt"))))]
    with open(os.path.join(folder, "labels.srt"), encoding="utf-8") as file:
        captions.append(len(list(srt.parse(file.read()))))
    ttml = ElementTree.parse(os.path.join(folder, "labels.ttml"))
    captions.append(sum(1 for element in ttml.iter() if element.tag.endswith("}p")))
    result["captions"] = captions
    with open(os.path.join(folder, "chart.rpp"), encoding="utf-8") as file:
        project = rpp.loads(file.read())
    result["rpp"] = {
        "tracks": len(project.findall(".//TRACK")),
        "markers": sum(1 for child in project.children
                       if isinstance(child, list) and child and child[0] == "MARKER"),
        "items": len(project.findall(".//ITEM")),
    }
    timeline = opentimelineio.adapters.read_from_file(os.path.join(folder, "chart.otio"))
    result["otio"] = {
        "tracks": len(timeline.tracks),
        "clips": sum(len(list(track.find_clips())) for track in timeline.tracks),
        "markers": sum(len(track.markers) for track in timeline.tracks) + len(timeline.tracks.markers),
    }
    with open(os.path.join(folder, "script.json"), encoding="utf-8") as file:
        result["script"] = len(json.load(file)["sentences"])
    exercise = os.path.join(folder, "exercise")
    quiz = ElementTree.parse(os.path.join(exercise, "quiz.xml"))
    result["moodle"] = sum(1 for element in quiz.iter("question")
                           if element.get("type") != "category")
    items = 0
    with zipfile.ZipFile(os.path.join(exercise, "quiz-qti.zip")) as archive:
        for name in archive.namelist():
            if name.endswith(".xml"):
                tree = ElementTree.parse(io.BytesIO(archive.read(name)))
                items += sum(1 for element in tree.iter() if element.tag.endswith("assessmentItem"))
    result["qti"] = items
    with open(os.path.join(exercise, "quiz.gift"), encoding="utf-8") as file:
        result["gift"] = gift_questions(file.read())
    return result


driver = headless_chromium.start()
report = {}
try:
    for folder in sys.argv[1:]:
        found = read(folder)
        for name, path in [("page", "page/index.html"), ("sheet", "exercise/exercise.html"),
                           ("key", "exercise/answers.html")]:
            found[name] = page_shape(driver, os.path.join(folder, path))
        report[os.path.basename(folder)] = found
finally:
    driver.quit()
print(json.dumps(report))
