"""Reads an exercise's quizzes as learning systems read them and reports as JSON what they hold.

Moodle XML (quiz.xml), with ElementTree: the category, and per question its name, text, whether
its choices are shuffled, each choice's text, grade and feedback, and the name, path and length
of each audio file inside it (decoded by libsndfile through soundfile); and the sources its text
plays them by.

IMS QTI 2.1 (quiz-qti.zip), with zipfile, ElementTree and pyslet's QTI 2.1 engine: every file the
manifest names and whether it is in the zip, every file in the zip; per item, its prompt, choices,
shuffle, the audio object's file and length, every object's file (its path unquoted) and length,
the item body's text, and for each choice the SCORE and FEEDBACK that pyslet's response
processing gives when it is chosen, with the feedback's text.

GIFT (quiz.gift): the category line as Moodle reads it, how many choices carry feedback, and
each question's text with GIFT's escapes and HTML's entities undone.

Usage: lms-check.py FOLDER
"""
import base64
import html
import io
import json
import os
import re
import sys
import tempfile
import urllib.parse
import xml.etree.ElementTree as ET
import zipfile

import soundfile
import pyslet.qtiv2.xml as qtixml
import pyslet.qtiv2.variables as variables

folder = sys.argv[1]
report = {}


def seconds(data, name):
    with tempfile.NamedTemporaryFile(suffix=os.path.splitext(name)[1]) as scratch:
        scratch.write(data)
        scratch.flush()
        info = soundfile.info(scratch.name)
        return info.frames / info.samplerate


# Moodle XML.
quiz = ET.parse(os.path.join(folder, "quiz.xml")).getroot()
moodle = {"category": None, "questions": []}
for question in quiz.findall("question"):
    if question.get("type") == "category":
        moodle["category"] = question.find("category/text").text
        continue
    text = question.find("questiontext")
    files = text.findall("file")
    entry = {
        "name": question.find("name/text").text,
        "text": text.find("text").text,
        "shuffle": question.find("shuffleanswers").text,
        "single": question.find("single").text,
        "choices": [{"text": a.find("text").text, "fraction": float(a.get("fraction")),
                     "feedback": (a.find("feedback/text").text or "")}
                    for a in question.findall("answer")],
        "files": [{"name": f.get("name"), "path": f.get("path"),
                   "seconds": seconds(base64.b64decode(f.text), f.get("name"))} for f in files],
        "sources": re.findall(r'src="([^"]*)"', text.find("text").text),
    }
    moodle["questions"].append(entry)
report["moodle"] = moodle

# IMS QTI 2.1.
CP = "{http://www.imsglobal.org/xsd/imscp_v1p1}"
QTI = "{http://www.imsglobal.org/xsd/imsqti_v2p1}"
package = zipfile.ZipFile(os.path.join(folder, "quiz-qti.zip"))
names = set(package.namelist())
manifest = ET.fromstring(package.read("imsmanifest.xml"))
resources = manifest.findall(f"{CP}resources/{CP}resource")
referenced = set()
for resource in resources:
    referenced.add(urllib.parse.unquote(resource.get("href")))
    for file in resource.findall(f"{CP}file"):
        referenced.add(urllib.parse.unquote(file.get("href")))
qti = {"names": sorted(names), "referenced": sorted(referenced),
       "types": sorted({r.get("type") for r in resources}), "items": [], "testRefs": []}
test = ET.fromstring(package.read("test.xml"))
qti["testRefs"] = [ref.get("href") for ref in test.iter(f"{QTI}assessmentItemRef")]
scratch = tempfile.mkdtemp()
for resource in resources:
    if resource.get("type") != "imsqti_item_xmlv2p1":
        continue
    name = resource.get("href")
    path = os.path.join(scratch, name)
    with open(path, "wb") as out:
        out.write(package.read(name))
    root = ET.fromstring(package.read(name))
    interaction = root.find(f"{QTI}itemBody/{QTI}choiceInteraction")
    audio = root.find(f".//{QTI}object")
    doc = qtixml.QTIDocument(baseURI="file://" + path)
    doc.read()
    item = doc.root
    outcomes = []
    feedback = {f.get("identifier"): "".join(f.itertext()) for f in root.findall(f"{QTI}modalFeedback")}
    for choice in interaction.findall(f"{QTI}simpleChoice"):
        state = variables.ItemSessionState(item)
        state.begin_session()
        state.begin_attempt()
        state["RESPONSE"].set_value(choice.get("identifier"))
        state.end_attempt()
        outcomes.append({"choice": choice.text, "score": state["SCORE"].value,
                         "feedback": state["FEEDBACK"].value,
                         "feedbackText": feedback.get(state["FEEDBACK"].value, "")})
    qti["items"].append({
        "href": name, "identifier": item.identifier,
        "prompt": interaction.find(f"{QTI}prompt").text,
        "shuffle": interaction.get("shuffle"),
        "audio": audio.get("data") if audio is not None else None,
        "audioSeconds": seconds(package.read(audio.get("data")), audio.get("data"))
        if audio is not None else None,
        "objects": [{"data": urllib.parse.unquote(o.get("data")),
                     "seconds": seconds(package.read(urllib.parse.unquote(o.get("data"))),
                                        o.get("data"))}
                    for o in root.iter(f"{QTI}object")],
        "text": "".join(root.find(f"{QTI}itemBody").itertext()),
        "outcomes": outcomes,
    })
report["qti"] = qti

# GIFT.
gift = open(os.path.join(folder, "quiz.gift"), encoding="utf-8").read().split("\n")
category = next((line for line in gift if line.startswith("$CATEGORY:")), None)
choices = [line for line in gift if line[:1] in ("=", "~")]
texts = []
for line in gift:
    found = re.match(r"::(?:[^:\\]|\\.)*::(.*) \{$", line)
    if found:
        texts.append(html.unescape(re.sub(r"\\(.)", r"\1", found.group(1))))
report["gift"] = {"category": category,
                  "choices": len(choices),
                  "withFeedback": sum(1 for line in choices if "#" in line.replace("\\#", "")),
                  "texts": texts}
print(json.dumps(report))
