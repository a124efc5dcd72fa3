"""Reads an exercise's quizzes as learning systems read them and reports as JSON what they hold.

Moodle XML (quiz.xml), with ElementTree: the category, and per question its type, name, text,
general feedback, whether its choices are shuffled, each choice's (or a numerical question's
answer's) text, grade, tolerance and feedback, and the name, path and length of each audio file
inside it (decoded by libsndfile through soundfile); and the sources its text plays them by.

IMS QTI 2.1 (quiz-qti.zip), with zipfile, ElementTree and pyslet's QTI 2.1 engine: every file the
manifest names and whether it is in the zip, every file in the zip; per item, its prompt, choices,
shuffle, the audio object's file and length, every object's file (its path unquoted) and length,
the item body's text, and for each choice the SCORE and FEEDBACK that pyslet's response
processing gives when it is chosen, with the feedback's text; for an item answered with a number
(a text entry of a float), the SCORE and FEEDBACK for the numbers in "probe" (given in the
question's entry of the exercise's key, see below) and for no answer.

GIFT (quiz.gift): the category line as Moodle reads it, how many choices carry feedback, the
numerical answers (value and tolerance), the general feedback of each question, and each
question's text, with GIFT's escapes and HTML's entities undone.

The numbers a numerical QTI item is scored for are its value, its value plus 0.99 and 1.01
tolerances, and minus 1.01 tolerances, from the item's correct response and its bounds.

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
        "type": question.get("type"),
        "name": question.find("name/text").text,
        "text": text.find("text").text,
        "generalFeedback": question.find("generalfeedback/text").text or "",
        "shuffle": question.findtext("shuffleanswers"),
        "single": question.findtext("single"),
        "choices": [{"text": a.find("text").text, "fraction": float(a.get("fraction")),
                     "tolerance": float(a.findtext("tolerance")) if a.find("tolerance") is not None
                     else None,
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

    def score(value):
        state = variables.ItemSessionState(item)
        state.begin_session()
        try:
            state.begin_attempt()
        except NotImplementedError:
            # pyslet sets the attempt's responses, then renders the item as HTML, which it
            # cannot do for a textEntryInteraction: the attempt has begun all the same.
            pass
        if value is not None:
            state["RESPONSE"].set_value(value)
        state.end_attempt()
        return {"response": value, "score": state["SCORE"].value,
                "feedback": state["FEEDBACK"].value,
                "feedbackText": feedback.get(state["FEEDBACK"].value, "")}

    entry = {"href": name, "identifier": item.identifier}
    if interaction is not None:
        for choice in interaction.findall(f"{QTI}simpleChoice"):
            outcome = score(choice.get("identifier"))
            outcome["choice"] = choice.text
            outcomes.append(outcome)
        entry["prompt"] = interaction.find(f"{QTI}prompt").text
        entry["shuffle"] = interaction.get("shuffle")
    else:
        # A number: the prompt is the paragraph before the one that holds the text entry.
        paragraphs = root.findall(f"{QTI}itemBody/{QTI}p")
        at = next(i for i, p in enumerate(paragraphs) if p.find(f"{QTI}textEntryInteraction") is not None)
        entry["prompt"] = paragraphs[at - 1].text
        declaration = root.find(f"{QTI}responseDeclaration")
        entry["baseType"] = declaration.get("baseType")
        value = float(declaration.findtext(f"{QTI}correctResponse/{QTI}value"))
        bounds = [float(b.text) for b in root.iter(f"{QTI}baseValue") if b.get("baseType") == "float"][:2]
        tolerance = (bounds[1] - bounds[0]) / 2
        entry["value"] = value
        entry["tolerance"] = tolerance
        entry["numeric"] = [score(v) for v in (value, value + 0.99 * tolerance,
                                               value + 1.01 * tolerance, value - 1.01 * tolerance)]
        entry["numeric"].append(score(None))
    entry.update({
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
    qti["items"].append(entry)
report["qti"] = qti

# GIFT.
gift = open(os.path.join(folder, "quiz.gift"), encoding="utf-8").read().split("\n")
category = next((line for line in gift if line.startswith("$CATEGORY:")), None)
choices = [line for line in gift if line[:1] in ("=", "~")]
numbers = [re.match(r"#=([^:#]*):([^#]*)#", line) for line in gift if line.startswith("#=")]


def unescaped(text):
    return html.unescape(re.sub(r"\\(.)", r"\1", text))


texts = []
for line in gift:
    found = re.match(r"::(?:[^:\\]|\\.)*::(.*) \{$", line)
    if found:
        texts.append(unescaped(found.group(1)))

report["gift"] = {"category": category,
                  "choices": len(choices),
                  "withFeedback": sum(1 for line in choices if "#" in line.replace("\\#", "")),
                  "numbers": [{"value": float(m.group(1)), "tolerance": float(m.group(2))}
                              for m in numbers if m],
                  "general": [unescaped(line[4:]) for line in gift if line.startswith("####")],
                  "texts": texts}
print(json.dumps(report))
