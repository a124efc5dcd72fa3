"""Headless Chromium driven by Selenium, as the browser checks open pages: Debian's chromium and
chromedriver, files read from file:// (the pages' audio beside them), a 1000 x 1400 window.

The checks import it: run as scripts, they find it beside them; run by the tests with `python -c`,
through PYTHONPATH."""
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def start(autoplay=False, performance_log=False, extra=()):
    """A driver; autoplay lets audio start without a gesture, performance_log records every
    request the page makes, extra are more command-line switches."""
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1000,1400", "--allow-file-access-from-files"]
    if autoplay:
        arguments.append("--autoplay-policy=no-user-gesture-required")
    arguments += list(extra)
    for argument in arguments:
        options.add_argument(argument)
    if performance_log:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
