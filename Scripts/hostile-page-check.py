"""Opens pages made from a chart whose text is hostile in headless Chromium, focuses and hovers
every element, and reports as JSON, per page: whether any alert opened, the elements with an event
handler attribute or autofocus, the script elements, the points each player's embedded data holds
(with their labels), the data table's rows and the questions.

Usage: hostile-page-check.py PAGE.html...
"""
import json
import os
import sys

import headless_chromium
from selenium.common.exceptions import NoAlertPresentException, UnexpectedAlertPresentException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

REPORT = """
const handlers = [];
for (const element of document.querySelectorAll('*')) {
  for (const attribute of element.attributes) {
    if (attribute.name.startsWith('on') || attribute.name === 'autofocus') {
      handlers.push(element.tagName + ' ' + attribute.name);
    }
  }
}
const players = Array.from(document.querySelectorAll('script.chart-data')).map(script => {
  try {
    const data = JSON.parse(script.textContent);
    return data.series.map(series => series.points.map(point => point.label || null));
  } catch (error) {
    return 'unreadable: ' + error;
  }
});
return {
  handlers: handlers,
  scripts: document.querySelectorAll('script').length,
  players: players,
  tableRows: document.querySelectorAll('table tbody tr').length,
  questions: document.querySelectorAll('fieldset').length + document.querySelectorAll('h3[id*="-q"]').length,
  alerted: window.__alerted || 0,
};
"""


def alert_open(driver):
    try:
        driver.switch_to.alert.dismiss()
        return True
    except NoAlertPresentException:
        return False


driver = headless_chromium.start()
report = {}
try:
    for page in sys.argv[1:]:
        alerted = False
        try:
            driver.get("file://" + os.path.abspath(page))
            alerted = alert_open(driver)
            for element in driver.find_elements(By.CSS_SELECTOR, "[tabindex], a, button, input"):
                try:
                    ActionChains(driver).move_to_element(element).perform()
                    driver.execute_script("arguments[0].focus()", element)
                except UnexpectedAlertPresentException:
                    alerted = True
                alerted = alert_open(driver) or alerted
            result = driver.execute_script(REPORT)
        except UnexpectedAlertPresentException:
            alerted = True
            result = {}
        result["alerted"] = alerted
        report[os.path.basename(page)] = result
finally:
    driver.quit()
print(json.dumps(report))
