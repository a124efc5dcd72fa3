"""Reads each encoded text back with its format's own parser (the encoder round trip test).

Reads a JSON list of cases from the file named first; each case holds one text as each encoder
wrote it. Prints a JSON list: per case, what each parser read, and the elements, cues or markers
it found (one of each, when nothing was injected).
"""

import html
import html.parser
import json
import sys
import xml.etree.ElementTree as ElementTree

import rpp
import srt
import webvtt


class Page(html.parser.HTMLParser):
    """The tags of a page, the title attribute of its paragraph, its text and its script."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.attributes, self.text, self.script = [], {}, "", ""
        self.inside = None

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "p":
            self.attributes = dict(attrs)
        self.inside = tag

    def handle_endtag(self, tag):
        self.inside = None

    def handle_data(self, data):
        if self.inside == "p":
            self.text += data
        elif self.inside == "script":
            self.script += data


def read_html(case):
    page = Page()
    page.feed(
        "<!DOCTYPE html><html><body>"
        f'<p title="{case["htmlAttribute"]}">{case["htmlText"]}</p>'
        f'<script type="application/json">{case["scriptJSON"]}</script>'
        "</body></html>"
    )
    page.close()
    return {
        "tags": page.tags,
        "attribute": page.attributes.get("title"),
        "text": page.text,
        "json": json.loads(page.script)["t"],
    }


def read_xml(case):
    builder = ElementTree.TreeBuilder(insert_comments=True)
    parser = ElementTree.XMLParser(target=builder)
    parser.feed(
        f'<doc a="{case["xmlAttribute"]}"><!--{case["xmlComment"]}--><t>{case["xmlText"]}</t></doc>'
    )
    root = parser.close()
    comment = next(node for node in root if node.tag is ElementTree.Comment)
    return {
        "elements": [node.tag for node in root.iter() if isinstance(node.tag, str)],
        "attribute": root.get("a"),
        "text": root.find("t").text or "",
        "comment": comment.text,
    }


def read_captions(cases, folder):
    vtt = "WEBVTT\n\n"
    subrip = ""
    for number, case in enumerate(cases, 1):
        vtt += f"{number}\n00:00:{number:02d}.000 --> 00:00:{number:02d}.500\n{case['vtt']}\n\n"
        subrip += f"{number}\n00:00:{number:02d},000 --> 00:00:{number:02d},500\n{case['srt']}\n\n"
    with open(f"{folder}/cues.vtt", "w", encoding="utf-8") as file:
        file.write(vtt)
    vtt_cues = [html.unescape(caption.raw_text) for caption in webvtt.read(f"{folder}/cues.vtt")]
    srt_cues = [cue.content for cue in srt.parse(subrip)]
    return vtt_cues, srt_cues


def read_reaper(cases):
    lines = ['<REAPER_PROJECT 0.1 "6.0" 0']
    for number, case in enumerate(cases, 1):
        lines.append(f"  MARKER {number} {number}.0 {case['reaper']} 0")
    lines.append(">")
    project = rpp.loads("\n".join(lines) + "\n")
    return [marker[3] for marker in project.findall("MARKER")]


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        cases = json.load(file)
    folder = sys.argv[2]
    vtt_cues, srt_cues = read_captions([case for case in cases if case["vtt"]], folder)
    markers = read_reaper(cases)
    print(
        json.dumps(
            {
                "html": [read_html(case) for case in cases],
                "xml": [read_xml(case) for case in cases],
                "vtt": vtt_cues,
                "srt": srt_cues,
                "reaper": markers,
            }
        )
    )


if __name__ == "__main__":
    main()
