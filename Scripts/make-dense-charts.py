#!/usr/bin/env python3
"""Writes the dense charts that the players', density and grid tests read, into
Tests/Fixtures/Dense (run again only to change them; the values are illustrative and the same on
every run):

- cars.json: a Vega-Lite scatter of 392 cars, weight against fuel efficiency, coloured by one of
  three origins (USA 245, Europe 68, Japan 79), sized by horsepower;
- cars-labelled.json: the same cars as a descriptor, a series per origin, every point labelled
  with its car's name;
- stocks.json: a Vega-Lite line chart of five share prices, month by month (560 points);
- hourly.json: a descriptor of a year of hourly temperatures (8,759 points, one continuous series);
- daily.json: a descriptor of a year of noisy daily temperatures (365 points, continuous).
"""
import json
import math
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "Tests", "Fixtures", "Dense")


def cars(rng):
    values = []
    for origin, count, base_weight, base_mpg in [
        ("USA", 245, 3400, 20),
        ("Europe", 68, 2450, 27),
        ("Japan", 79, 2250, 30),
    ]:
        for index in range(count):
            weight = max(1600, min(5140, rng.gauss(base_weight, 600)))
            mpg = max(9, min(46.6, base_mpg - (weight - base_weight) * 0.0075 + rng.gauss(0, 3.5)))
            horsepower = max(46, min(230, 40 + weight * 0.03 + rng.gauss(0, 15)))
            values.append({
                "name": f"{origin} car {index + 1}",
                "weight": round(weight),
                "mpg": round(mpg, 1),
                "origin": origin,
                "horsepower": round(horsepower),
            })
    rng.shuffle(values)
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "title": "Weight and fuel efficiency of 392 cars",
        "description": "Heavier cars go fewer miles per gallon; colour is the origin, size the horsepower. Values are illustrative.",
        "data": {"values": values},
        "mark": "point",
        "encoding": {
            "x": {"field": "weight", "type": "quantitative", "title": "Weight (lb)"},
            "y": {"field": "mpg", "type": "quantitative", "title": "Fuel efficiency (mpg)"},
            "color": {"field": "origin", "type": "nominal"},
            "size": {"field": "horsepower", "type": "quantitative"},
        },
    }


def labelled(spec):
    values = spec["data"]["values"]
    weights = [v["weight"] for v in values]
    mpgs = [v["mpg"] for v in values]
    series = []
    for origin in ("USA", "Europe", "Japan"):
        points = [{"x": v["weight"], "y": v["mpg"], "label": v["name"]}
                  for v in values if v["origin"] == origin]
        series.append({"name": origin, "isContinuous": False, "dataPoints": points})
    return {
        "title": spec["title"],
        "summary": spec["description"],
        "xAxis": {"type": "numeric", "title": "Weight (lb)", "range": [min(weights), max(weights)]},
        "yAxis": {"type": "numeric", "title": "Fuel efficiency (mpg)",
                  "range": [min(mpgs), max(mpgs)]},
        "series": series,
    }


def stocks(rng):
    values = []
    for symbol, start, months, drift in [
        ("MSFT", 39.8, 123, 0.0), ("AMZN", 64.6, 123, 0.012), ("IBM", 100.5, 123, 0.002),
        ("GOOG", 102.4, 68, 0.02), ("AAPL", 25.9, 123, 0.025),
    ]:
        price = start
        first = 123 - months
        for month in range(first, 123):
            year, m = 2000 + month // 12, month % 12 + 1
            values.append({"symbol": symbol, "date": f"{year}-{m:02d}-01", "price": round(price, 2)})
            price = max(5, price * math.exp(drift + rng.gauss(0, 0.09)))
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "title": "Five share prices, 2000-2010",
        "description": "Illustrative monthly closing prices of five companies.",
        "data": {"values": values},
        "mark": "line",
        "encoding": {
            "x": {"field": "date", "type": "temporal", "title": "Month"},
            "y": {"field": "price", "type": "quantitative", "title": "Price (USD)"},
            "color": {"field": "symbol", "type": "nominal"},
        },
    }


def temperatures(rng, count, per_day, noise, title):
    points = []
    for index in range(count):
        day = index / per_day
        season = 55 - 25 * math.cos(2 * math.pi * (day - 15) / 365)
        daily = 8 * math.sin(2 * math.pi * (index % per_day) / per_day - 2) if per_day > 1 else 0
        points.append({"x": round(day, 4), "y": round(season + daily + rng.gauss(0, noise), 1)})
    ys = [p["y"] for p in points]
    return {
        "title": title,
        "summary": "Temperatures rise from winter to a peak in July and fall again. The values are illustrative.",
        "xAxis": {"type": "numeric", "title": "Day of the year", "range": [0, math.ceil(points[-1]["x"])]},
        "yAxis": {"type": "numeric", "title": "Temperature (F)",
                  "range": [math.floor(min(ys)), math.ceil(max(ys))]},
        "series": [{"name": "Temperature", "isContinuous": True, "dataPoints": points}],
    }


def main():
    os.makedirs(OUT, exist_ok=True)
    charts = {
        "cars.json": cars(random.Random(392)),
        "cars-labelled.json": labelled(cars(random.Random(392))),
        "stocks.json": stocks(random.Random(560)),
        "hourly.json": temperatures(random.Random(8759), 8759, 24, 1.5,
                                    "Hourly temperatures over a year"),
        "daily.json": temperatures(random.Random(365), 365, 1, 6,
                                   "Daily temperatures over a year, noisy"),
    }
    for name, chart in charts.items():
        with open(os.path.join(OUT, name), "w") as file:
            json.dump(chart, file, indent=None, separators=(",", ":"))
            file.write("\n")


if __name__ == "__main__":
    main()
