"use strict";
(function () {
  // Each audio graph of the document: its element holds the graph, the live region, the key
  // list, the audio and its points.
  function player(root) {
    const data = JSON.parse(root.querySelector("script.chart-data").textContent);
    const words = data.words;
    const graph = root.querySelector(".graph");
    const status = root.querySelector(".status");
    const keysHelp = root.querySelector(".keys-help");
    const mix = root.querySelector("audio.mix");
    const stems = Array.from(root.querySelectorAll("audio[data-series]"));
    const cursor = root.querySelector(".cursor");
    const svg = graph.querySelector("svg");
    const speeds = [0.5, 0.75, 1, 1.25, 1.5, 2];
    let series = 0;
    let point = -1;
    let solo = false;
    let speed = 2;
    let playing = null;
    let stopTimer = null;

    for (const audio of [mix].concat(stems)) {
      audio.preservesPitch = true;
      audio.addEventListener("timeupdate", function () {
        if (playing === audio) { follow(audio.currentTime); }
      });
      audio.addEventListener("ended", function () {
        if (playing === audio) { playing = null; }
      });
    }

    function current() { return data.series[series]; }

    function say(text) { status.textContent = text; }

    // In an exercise, a point says where it is, never its value: the ear finds that.
    function describe(index) {
      const points = current().points;
      const at = points[index];
      return (at.label ? at.label + ": " : "") + at.x + (data.quiz ? "" : ", " + at.y) +
        ", " + (index + 1) + " " + words.of + " " + points.length;
    }

    function draw() {
      if (!cursor || !svg) { return; }
      if (point < 0) { cursor.setAttribute("visibility", "hidden"); return; }
      const at = current().points[point];
      const left = Number(svg.dataset.left), top = Number(svg.dataset.top);
      const width = Number(svg.dataset.width), height = Number(svg.dataset.height);
      cursor.setAttribute("cx", (left + at.px * width).toFixed(1));
      cursor.setAttribute("cy", (top + (1 - at.py) * height).toFixed(1));
      cursor.setAttribute("visibility", "visible");
    }

    function stop() {
      clearTimeout(stopTimer);
      for (const audio of [mix].concat(stems)) { audio.pause(); }
      playing = null;
    }

    function rate(audio) {
      audio.playbackRate = speeds[speed];
      audio.defaultPlaybackRate = speeds[speed];
    }

    function playNote() {
      stop();
      const at = current().points[point];
      const audio = stems[series];
      rate(audio);
      audio.currentTime = at.onset;
      const started = audio.play();
      if (started) { started.catch(function () {}); }
      stopTimer = setTimeout(function () { audio.pause(); }, at.length * 1000 / speeds[speed]);
    }

    function moveTo(index, prefix) {
      const points = current().points;
      if (points.length === 0) { say(current().name + ": " + words.noPoints); return; }
      point = Math.max(0, Math.min(points.length - 1, index));
      draw();
      say((prefix || "") + describe(point));
      playNote();
    }

    // While the graph plays, the current point is the last one of the series heard.
    function follow(time) {
      const points = current().points;
      let found = point;
      for (let index = 0; index < points.length; index++) {
        if (points[index].onset <= time + 0.001) { found = index; } else { break; }
      }
      if (found !== point && found >= 0) { point = found; draw(); }
    }

    function nearest(points, time) {
      let best = 0;
      for (let index = 0; index < points.length; index++) {
        if (Math.abs(points[index].onset - time) < Math.abs(points[best].onset - time)) { best = index; }
      }
      return best;
    }

    function play(from) {
      stop();
      const audio = solo ? stems[series] : mix;
      rate(audio);
      audio.currentTime = from;
      playing = audio;
      const started = audio.play();
      if (started) { started.catch(function () {}); }
      say(solo ? words.playing + current().name + words.alone : words.playingGraph);
    }

    function toggle() {
      if (playing) {
        const audio = playing;
        stop();
        follow(audio.currentTime);
        say(words.pausedAt + (point >= 0 ? describe(point) : words.theStart));
        return;
      }
      play(point >= 0 ? current().points[point].onset : 0);
    }

    // A button elsewhere on the page that names a time: the graph plays from it, its
    // current point the nearest note.
    root.addEventListener("chart2midi-listen", function (event) {
      const points = current().points;
      point = points.length ? nearest(points, event.detail) : -1;
      draw();
      graph.focus();
      play(event.detail);
    });

    graph.addEventListener("keydown", function (event) {
      const points = current().points;
      let handled = true;
      switch (event.key) {
        case "ArrowRight": moveTo(point + 1); break;
        case "ArrowLeft": moveTo(point <= 0 ? 0 : point - 1); break;
        case "Home": moveTo(0); break;
        case "End": moveTo(points.length - 1); break;
        case "]":
          if (data.quiz) { handled = false; break; }
          if (current().highest !== null) { moveTo(current().highest, words.highest); }
          break;
        case "[":
          if (data.quiz) { handled = false; break; }
          if (current().lowest !== null) { moveTo(current().lowest, words.lowest); }
          break;
        case "ArrowUp":
        case "ArrowDown": {
          const time = point >= 0 ? points[point].onset : 0;
          // Up is the next series, down the one before, as the key list says.
          const step = event.key === "ArrowUp" ? 1 : -1;
          series = (series + step + data.series.length) % data.series.length;
          point = -1;
          const next = current();
          moveTo(nearest(next.points, time), next.plays + ". ");
          break;
        }
        case " ": case "Spacebar": toggle(); break;
        case "Escape": stop(); say(words.stopped); break;
        case "s": case "S":
          solo = !solo;
          say(solo ? words.solo + current().name : words.allSeries);
          break;
        case "+": case "=":
          speed = Math.min(speeds.length - 1, speed + 1);
          for (const audio of [mix].concat(stems)) { rate(audio); }
          say(words.speed + speeds[speed] + "x");
          break;
        case "-": case "_":
          speed = Math.max(0, speed - 1);
          for (const audio of [mix].concat(stems)) { rate(audio); }
          say(words.speed + speeds[speed] + "x");
          break;
        case "?": case "h": case "H":
          keysHelp.hidden = !keysHelp.hidden;
          say(keysHelp.hidden ? words.keysHidden : words.keysShown);
          break;
        default: handled = false;
      }
      if (handled) { event.preventDefault(); }
    });
  }

  document.querySelectorAll(".audio-graph").forEach(player);
  document.querySelectorAll("button[data-listen]").forEach(function (button) {
    button.addEventListener("click", function () {
      const root = document.getElementById(button.dataset.player);
      root.dispatchEvent(new CustomEvent("chart2midi-listen", {detail: Number(button.dataset.listen)}));
    });
  });
})();
