#!/usr/bin/env python3
"""A client of `chart2midi serve`, as the service's users would write one: requests over HTTP
from several threads, each response read by its format's own library (mido for MIDI, soundfile
for audio, zipfile for a page), and the timings. Prints one JSON object; the tests and the
benchmark read it.

  load URL --requests N --clients C [--formats mid,mp3] [--narrated]
      N requests from C clients at once: each response checked; requests a second, p50 and p99
      by format, and the failures.
  health URL --probes N
      N requests of /health one after another: the slowest and the median, in milliseconds.
  disconnect URL PID
      an hour of audio asked for, the client gone after 1 s: the server's CPU time in the second
      that follows, and /health's count of renders after it.
  busy URL
      a long render held open, then another request: its status, Retry-After and body.
  sigterm URL PID
      a render in flight when the server gets SIGTERM: its response, read; and a request made
      after the signal.
  openapi URL
      /openapi.json validated by openapi-spec-validator.
  errors URL
      each refusal the service makes: its status and JSON body.
  starve URL PID --seconds S
      for S seconds, at once: three Vega-Lite specifications whose transforms would run for
      minutes, 40 clients sending their bodies a byte a second, 5 sending their heads a byte a
      second, and 300 idle sockets; meanwhile /health every 100 ms and a real render now and
      then. Then everything closed: the server's CPU time in the second after.
"""

import io
import json
import os
import socket
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
import zipfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def example(name):
    with open(os.path.join(ROOT, "Examples", name), "rb") as file:
        return file.read()


def post(url, body, content_type="application/json", headers=None, timeout=120):
    """The status, headers and body of a POST."""
    request = urllib.request.Request(url, data=body, method="POST")
    request.add_header("Content-Type", content_type)
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def get(url, timeout=30):
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.status, response.read()


def check_output(fmt, body):
    """Reads a response as its format's library does; None when it reads, else why not."""
    try:
        if fmt == "mid":
            import mido

            midi = mido.MidiFile(file=io.BytesIO(body))
            notes = sum(1 for track in midi.tracks for m in track if m.type == "note_on")
            return None if notes > 0 else "no notes"
        if fmt == "page.zip":
            archive = zipfile.ZipFile(io.BytesIO(body))
            if archive.testzip() is not None:
                return "a damaged entry"
            return None if "index.html" in archive.namelist() else "no index.html"
        import soundfile

        data, rate = soundfile.read(io.BytesIO(body))
        if len(data) < rate:
            return f"{len(data)} frames"
        return None if abs(data).max() > 0.01 else "silent"
    except Exception as error:  # noqa: BLE001 - any failure to read is the finding
        return f"{type(error).__name__}: {error}"


def chart_body(narrated):
    chart = json.loads(example("cars.json"))
    if narrated:
        return json.dumps({"chart": chart, "settings": {"narrate": "intro"}}).encode()
    return json.dumps(chart).encode()


def load(url, requests, clients, formats, narrated):
    jobs = [(formats[index % len(formats)], index) for index in range(requests)]
    lock = threading.Lock()
    results = []

    def client():
        while True:
            with lock:
                if not jobs:
                    return
                fmt, index = jobs.pop()
            body = chart_body(narrated)
            start = time.perf_counter()
            status, headers, data = post(f"{url}/v1/render?format={fmt}", body)
            seconds = time.perf_counter() - start
            problem = check_output(fmt, data) if status == 200 else f"status {status}: {data[:200]!r}"
            with lock:
                results.append(
                    {"format": fmt, "seconds": seconds, "problem": problem, "tag": headers.get("ETag")}
                )

    start = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    by_format = {}
    for fmt in sorted({result["format"] for result in results}):
        times = sorted(result["seconds"] for result in results if result["format"] == fmt)
        by_format[fmt] = {
            "count": len(times),
            "p50_ms": round(1000 * times[len(times) // 2], 1),
            "p99_ms": round(1000 * times[min(len(times) - 1, int(len(times) * 0.99))], 1),
        }
    tags = {}
    for result in results:
        tags.setdefault(result["format"], set()).add(result["tag"])
    return {
        "requests": len(results),
        "seconds": round(elapsed, 2),
        "per_second": round(len(results) / elapsed, 1),
        "formats": by_format,
        "failures": [r for r in results if r["problem"]][:10],
        "failure_count": sum(1 for r in results if r["problem"]),
        "tags_per_format": {fmt: len(values) for fmt, values in tags.items()},
    }


def health(url, probes):
    times = []
    for _ in range(probes):
        start = time.perf_counter()
        status, body = get(f"{url}/health")
        times.append(1000 * (time.perf_counter() - start))
        if status != 200 or json.loads(body)["status"] != "ok":
            return {"error": f"status {status}: {body!r}"}
        time.sleep(0.05)
    return {"max_ms": round(max(times), 1), "median_ms": round(statistics.median(times), 1)}


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def disconnect(url, pid):
    connection = long_request(url, 3500)
    time.sleep(1)
    busy_before = cpu_seconds(pid)
    time.sleep(0.5)
    busy = cpu_seconds(pid) - busy_before
    _, during = get(f"{url}/health")
    connection.close()
    closed = time.perf_counter()
    # The worker is free again once the server's CPU time stops growing.
    time.sleep(1)
    start = cpu_seconds(pid)
    time.sleep(1)
    idle = cpu_seconds(pid) - start
    status, text = get(f"{url}/health")
    return {
        "cpu_while_rendering": round(busy / 0.5, 2),
        "cpu_after": round(idle, 3),
        "seconds_after_close": round(time.perf_counter() - closed, 2),
        "health_while_rendering": json.loads(during),
        "health": json.loads(text),
    }


def long_request(url, seconds, fmt="wav"):
    """A socket sending a request for `seconds` of audio, left open."""
    host, port = url.split("//", 1)[1].split(":")
    chart = json.loads(example("cars.json"))
    chart["sonification"] = {"totalDuration": seconds}
    body = json.dumps(chart).encode()
    connection = socket.create_connection((host, int(port)))
    connection.sendall(
        (
            f"POST /v1/render?format={fmt} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        ).encode()
        + body
    )
    return connection


def busy(url):
    connection = long_request(url, 3500)
    time.sleep(0.5)
    status, headers, body = post(f"{url}/v1/render?format=mid", example("cars.json"))
    connection.close()
    return {"status": status, "retry_after": headers.get("Retry-After"), "body": json.loads(body)}


def sigterm(url, pid):
    outcome = {}

    def render():
        outcome["response"] = post(f"{url}/v1/render?format=flac", long_body(240))

    def long_body(seconds):
        chart = json.loads(example("cars.json"))
        chart["sonification"] = {"totalDuration": seconds}
        return json.dumps(chart).encode()

    thread = threading.Thread(target=render)
    thread.start()
    time.sleep(0.4)
    os.kill(pid, 15)
    signalled = time.perf_counter()
    time.sleep(0.2)
    try:
        late = post(f"{url}/v1/render?format=mid", example("cars.json"), timeout=5)[0]
    except OSError as error:
        late = f"refused: {type(error).__name__}"
    thread.join()
    status, _, body = outcome["response"]
    return {
        "status": status,
        "problem": check_output("flac", body) if status == 200 else body[:200].decode("utf-8", "replace"),
        "seconds_after_signal": round(time.perf_counter() - signalled, 2),
        "late_request": late,
    }


def openapi(url):
    from openapi_spec_validator import validate
    from openapi_spec_validator.readers import read_from_filename  # noqa: F401 - the package's API

    status, body = get(f"{url}/openapi.json")
    document = json.loads(body)
    try:
        validate(document)
        return {"status": status, "valid": True, "version": document.get("openapi")}
    except Exception as error:  # noqa: BLE001 - the validator's finding is the result
        return {"status": status, "valid": False, "error": str(error)[:500]}


def errors(url):
    cars = json.loads(example("cars.json"))
    found = {}

    def record(name, status, body):
        try:
            found[name] = {"status": status, "body": json.loads(body)}
        except ValueError:
            found[name] = {"status": status, "body": body[:200].decode("utf-8", "replace")}

    record("no format", *post(f"{url}/v1/render", example("cars.json"))[::2])
    record("unknown format", *post(f"{url}/v1/render?format=aiff", example("cars.json"))[::2])
    record(
        "unsupported type",
        *post(f"{url}/v1/render?format=mid", b"<chart/>", content_type="application/xml")[::2],
    )
    record("malformed chart", *post(f"{url}/v1/render?format=mid", b'{"title": "x",')[::2])
    bad = dict(cars)
    bad["series"] = [dict(cars["series"][0])]
    bad["series"][0]["dataPoints"] = [dict(p) for p in cars["series"][0]["dataPoints"]]
    bad["series"][0]["dataPoints"][2]["y"] = "heavy"
    record("wrong value", *post(f"{url}/v1/render?format=mid", json.dumps(bad).encode())[::2])
    record(
        "unknown voice",
        *post(
            f"{url}/v1/render?format=wav",
            json.dumps({"chart": cars, "settings": {"narrate": True, "voice": "elvish"}}).encode(),
        )[::2],
    )
    named = dict(cars)
    named["sonification"] = {"soundfont": "/usr/share/sounds/sf2/default-GM.sf2"}
    record("soundfont named", *post(f"{url}/v1/render?format=wav", json.dumps(named).encode())[::2])
    # A Vega-Lite specification that names a file of the server's: refused, nothing read.
    spec = {
        "mark": "line",
        "data": {"url": "/etc/passwd"},
        "encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "type": "quantitative"}},
    }
    record("data url", *post(f"{url}/v1/render?format=mid", json.dumps(spec).encode())[::2])
    many = {
        "title": "Many",
        "xAxis": {"title": "x", "range": [0, 200000]},
        "yAxis": {"title": "y", "range": [0, 1]},
        "series": [{"name": "s", "dataPoints": [{"x": i, "y": (i % 7) / 7} for i in range(200001)]}],
    }
    record("too many points", *post(f"{url}/v1/render?format=mid", json.dumps(many).encode())[::2])
    long = dict(cars)
    long["sonification"] = {"totalDuration": 3000}
    record("too long", *post(f"{url}/v1/render?format=mp3", json.dumps(long).encode())[::2])
    record("too large a body", *post(f"{url}/v1/render?format=mid", b"{" + b" " * 9_000_000 + b"}")[::2])
    return found


def bomb_body(transforms):
    """A Vega-Lite specification over a 1,000,000-row sequence with `transforms`."""
    return json.dumps({
        "data": {"sequence": {"start": 0, "stop": 1000000, "as": "v"}},
        "transform": transforms,
        "mark": "line",
        "encoding": {"x": {"field": "v", "type": "quantitative"},
                     "y": {"field": "v", "type": "quantitative"}},
    }).encode()


def starve(url, pid, seconds):
    host, port = url.split("//", 1)[1].split(":")
    port = int(port)
    results = {"bombs": [], "renders": [], "trickles": {}, "heads": {}, "idle": {}}
    lock = threading.Lock()
    stop = threading.Event()

    def bomb(transforms):
        start = time.perf_counter()
        status, _, body = post(f"{url}/v1/render?format=mid", bomb_body(transforms), timeout=seconds + 60)
        with lock:
            results["bombs"].append({
                "status": status, "seconds": round(time.perf_counter() - start, 2),
                "code": json.loads(body).get("code") if status != 200 else None,
            })

    def trickle(kind):
        """A client that sends its body (or its head) a byte a second: how it ended."""
        outcome = "open"
        try:
            connection = socket.create_connection((host, port), timeout=seconds + 30)
            head = (f"POST /v1/render?format=mid HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    f"Content-Length: 100000\r\n\r\n").encode()
            if kind == "trickles":
                connection.sendall(head)
                head = b""
            sent = 0
            while not stop.is_set():
                piece = head[sent:sent + 1] if head else b" "
                connection.sendall(piece)
                sent += 1
                connection.settimeout(1)
                try:
                    answer = connection.recv(4096)
                    if answer == b"":
                        outcome = "closed"
                        break
                    outcome = answer.split(b"\r\n", 1)[0].decode("latin-1")
                    break
                except socket.timeout:
                    pass
        except OSError as error:
            outcome = f"closed ({type(error).__name__})"
        with lock:
            results[kind][outcome] = results[kind].get(outcome, 0) + 1

    def idle():
        outcome = "open"
        try:
            connection = socket.create_connection((host, port), timeout=seconds + 30)
            connection.settimeout(seconds)
            outcome = "closed" if connection.recv(1) == b"" else "answered"
        except socket.timeout:
            outcome = "open"
        except OSError as error:
            outcome = f"closed ({type(error).__name__})"
        with lock:
            results["idle"][outcome] = results["idle"].get(outcome, 0) + 1

    threads = [threading.Thread(target=bomb, args=(t,)) for t in (
        [{"filter": "datum.v >= 0"}] * 400,
        [{"calculate": "max(" + ",".join(["datum.v"] * 4096) + ")", "as": "w"}],
        [{"filter": "datum.v >= 0"}] * 40,
    )]
    threads += [threading.Thread(target=trickle, args=("trickles",)) for _ in range(40)]
    threads += [threading.Thread(target=trickle, args=("heads",)) for _ in range(5)]
    threads += [threading.Thread(target=idle) for _ in range(300)]
    for thread in threads:
        thread.start()
    probes = []
    failures = 0
    began = time.perf_counter()
    next_render = began + 1
    while time.perf_counter() - began < seconds:
        start = time.perf_counter()
        try:
            status, _ = get(f"{url}/health", timeout=5)
            if status != 200:
                failures += 1
        except OSError:
            failures += 1
        probes.append(1000 * (time.perf_counter() - start))
        if time.perf_counter() > next_render:
            start = time.perf_counter()
            status, _, body = post(f"{url}/v1/render?format=mid", example("cars.json"), timeout=30)
            results["renders"].append({
                "status": status, "seconds": round(time.perf_counter() - start, 2),
                "problem": check_output("mid", body) if status == 200 else body[:200].decode("utf-8", "replace"),
            })
            next_render = time.perf_counter() + seconds / 4
        time.sleep(0.1)
    stop.set()
    for thread in threads:
        thread.join()
    time.sleep(1)
    start = cpu_seconds(pid)
    time.sleep(1)
    results["cpu_after"] = round(cpu_seconds(pid) - start, 3)
    results["health_probes"] = len(probes)
    results["health_failures"] = failures
    results["health_max_ms"] = round(max(probes), 1)
    results["health_median_ms"] = round(statistics.median(probes), 1)
    return results


def main():
    command, url = sys.argv[1], sys.argv[2].rstrip("/")
    args = sys.argv[3:]

    def option(name, default):
        return args[args.index(name) + 1] if name in args else default

    if command == "load":
        result = load(
            url,
            int(option("--requests", "200")),
            int(option("--clients", "16")),
            option("--formats", "mid,wav,flac,ogg,opus,mp3,page.zip").split(","),
            "--narrated" in args,
        )
    elif command == "health":
        result = health(url, int(option("--probes", "20")))
    elif command == "disconnect":
        result = disconnect(url, int(args[0]))
    elif command == "busy":
        result = busy(url)
    elif command == "sigterm":
        result = sigterm(url, int(args[0]))
    elif command == "openapi":
        result = openapi(url)
    elif command == "errors":
        result = errors(url)
    elif command == "starve":
        result = starve(url, int(args[0]), float(option("--seconds", "15")))
    else:
        sys.exit(f"unknown command {command}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
