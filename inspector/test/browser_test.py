#!/usr/bin/env python3
"""The inspector in a real browser: Debian's chromium, driven headless by Playwright for Python
(pointed at the system browser with executable_path; no browser is ever downloaded).

Starts modhostd on a temporary socket, the mail demo as a live front-end
(examples/mail-demo.mjs --live, which prints each onPress), and `modhost inspect`; opens the
page; checks the rows appear; swipes a row with a pointer drag; taps Delete; sees the
front-end's onPress run and the row leave the page; swipes another row with the keyboard; and
checks that requests without the token are refused. Saves screenshots to ARTIFACTS (default: a
temporary folder, printed) and, with --update-screenshot, the README's docs/inspector.png.

    inspector/test/browser_test.py --bin .build/debug [--artifacts DIR] [--update-screenshot]

Prints one line per check and closes with `browser: N passed, N failed`; exits 1 on a failure.
"""
import argparse
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

from playwright.sync_api import sync_playwright

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = os.environ.get("MODHOST_CHROMIUM", "/usr/bin/chromium")


class Output:
    """A child's output, read on a thread so it never blocks, and waited on by pattern."""

    def __init__(self, process, name):
        self.text = ""
        self.lock = threading.Lock()
        self.name = name
        threading.Thread(target=self._read, args=(process.stdout,), daemon=True).start()

    def _read(self, stream):
        for line in iter(stream.readline, ""):
            with self.lock:
                self.text += line

    def wait_for(self, pattern, timeout=15):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                found = re.search(pattern, self.text)
            if found:
                return found
            time.sleep(0.02)
        raise AssertionError(f"{self.name} did not print /{pattern}/ within {timeout} s; it printed:\n{self.text}")


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, condition, detail=""):
        if condition:
            self.passed += 1
            print(f"ok - {name}", flush=True)
        else:
            self.failed += 1
            print(f"not ok - {name}{': ' + detail if detail else ''}", flush=True)
        return condition


def status_of(url, method="GET", data=None):
    request = urllib.request.Request(url, method=method, data=data)
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="the folder with modhostd and modhost")
    parser.add_argument("--artifacts", help="where screenshots go (default: a new temporary folder)")
    parser.add_argument("--update-screenshot", action="store_true", help="also write docs/inspector.png")
    args = parser.parse_args()
    artifacts = args.artifacts or tempfile.mkdtemp(prefix="modhost-inspector-shots-")
    os.makedirs(artifacts, exist_ok=True)
    work = tempfile.mkdtemp(prefix="modhost-inspector-")
    socket = os.path.join(work, "modhost.sock")
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(work, "data"), XDG_RUNTIME_DIR=work)
    children = []
    checks = Checks()

    def start(command, name):
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=REPO)
        children.append(process)
        return process, Output(process, name)

    try:
        # The Rating fixture plugin (a plugin's own view) beside the bundled plugins.
        fixture = os.path.join(work, "plugins", "rating")
        os.makedirs(fixture)
        shutil.copyfile(os.path.join(args.bin, "libRatingFixture.so"), os.path.join(fixture, "libRatingFixture.so"))
        shutil.copyfile(os.path.join(REPO, "protocol", "vectors", "fixtures", "RatingFixture", "plugin.json"), os.path.join(fixture, "plugin.json"))
        _, daemon = start([os.path.join(args.bin, "modhostd"), "--socket", socket, "--plugins", os.path.join(work, "plugins")], "modhostd")
        daemon.wait_for(r"listening on")
        _, stars = start(["node", "clients/js/test-support/rating-frontend.mjs", socket], "the rating front-end")
        stars.wait_for(r"rating mounted")
        _, app = start(["node", "examples/mail-demo.mjs", "--live", socket], "the mail demo")
        app.wait_for(r"live: the surface stays mounted")
        inspect_process, inspect = start([os.path.join(args.bin, "modhost"), "--socket", socket, "inspect"], "modhost inspect")
        url = inspect.wait_for(r"inspector: (http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]{43}/)").group(1)
        origin = url.rsplit("/", 2)[0]
        token = url.rsplit("/", 2)[1]

        checks.check("a request without the token is refused (403)", status_of(origin + "/") == 403)
        checks.check("a request with a wrong token is refused (403)", status_of(f"{origin}/{token[:-2]}xy/") == 403)
        checks.check("a gesture without the token is refused (403)",
                     status_of(origin + "/interact", "POST", b'{"connection":1,"surface":"mail","node":"msg-1","gesture":"tap"}') == 403)
        checks.check("the page is served with the token (200)", status_of(url) == 200)

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
            # The first state comes with the page: with its event stream refused, the rows are
            # still drawn at load, so a screenshot taken then is not empty.
            early = browser.new_page(viewport={"width": 1280, "height": 900})
            early.route("**/events", lambda route: route.abort())
            early.goto(url)
            early_ids = early.evaluate("() => [...document.querySelectorAll('article[data-surface=\"mail\"] .row[data-row]')].map((r) => r.dataset.row)")
            checks.check("the rows are in the page at load, before any event stream", early_ids == ["msg-1", "msg-2", "msg-3", "msg-4"], str(early_ids))
            early.screenshot(path=os.path.join(artifacts, "0-at-load.png"), full_page=True)
            early.close()

            page = browser.new_page(viewport={"width": 1280, "height": 900})
            console = []
            page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
            page.on("pageerror", lambda error: console.append(f"pageerror: {error}"))
            # A refused request logs only its status; keep what was asked and answered, so a
            # failure says which gesture it was.
            refused = []

            def note_refusal(response):
                if response.status >= 400:
                    try:
                        body = response.text()
                    except Exception as error:  # the page may be gone already
                        body = f"(unreadable: {error})"
                    refused.append(f"{response.status} {response.request.method} {response.url.rsplit('/', 1)[-1]} {response.request.post_data} -> {body}")
            page.on("response", note_refusal)
            page.goto(url)
            surface = page.locator('article[data-surface="mail"]')
            rows = surface.locator(".row[data-row]")
            rows.first.wait_for(timeout=10000)
            ids = [rows.nth(i).get_attribute("data-row") for i in range(rows.count())]
            checks.check("the mail demo's rows are drawn", ids == ["msg-1", "msg-2", "msg-3", "msg-4"], str(ids))
            checks.check("a row shows its text", "Grace Hopper" in surface.locator('[data-row="msg-2"]').inner_text())
            page.screenshot(path=os.path.join(artifacts, "1-mounted.png"), full_page=True)

            # Drag msg-2's content to the left: its trailing actions are revealed.
            content = surface.locator('[data-row="msg-2"] > .row-content')
            box = content.bounding_box()
            y = box["y"] + box["height"] / 2
            page.mouse.move(box["x"] + box["width"] * 0.7, y)
            page.mouse.down()
            page.mouse.move(box["x"] + box["width"] * 0.7 - 140, y, steps=8)
            page.mouse.up()
            delete = surface.locator('[data-row="msg-2"] .actions-trailing button[data-action="delete"]')
            delete.wait_for(timeout=5000)
            checks.check("the drag revealed Delete, labelled with its icon and role",
                         delete.get_attribute("aria-label") == "Delete (trash), destructive")
            colour = delete.evaluate("el => getComputedStyle(el).backgroundColor")
            checks.check("Delete is drawn in the destructive red", colour == "rgb(255, 59, 48)", colour)
            page.screenshot(path=os.path.join(artifacts, "2-swiped.png"), full_page=True)

            delete.click()
            app.wait_for(r"onPress ran: Delete on msg-2")
            checks.check("the front-end's onPress ran for Delete on msg-2", True)
            surface.locator('[data-row="msg-2"]').wait_for(state="detached", timeout=5000)
            ids = [rows.nth(i).get_attribute("data-row") for i in range(rows.count())]
            checks.check("the row left the page after the front-end's update", ids == ["msg-1", "msg-3", "msg-4"], str(ids))
            log_text = page.locator("#log").inner_text()
            checks.check("the log shows the event with its payload", '{"swipeActions":{"id":"delete"}}' in log_text, log_text[-400:])

            # Keyboard: the leading swipe button of msg-1, then Enter on Archive's button.
            page.get_by_role("button", name="Swipe msg-1 from the leading edge").focus()
            page.keyboard.press("Enter")
            archive = surface.locator('[data-row="msg-1"] .actions-leading button[data-action="archive"]')
            archive.wait_for(timeout=5000)
            checks.check("a keyboard swipe revealed Archive", archive.is_visible())
            page.get_by_role("button", name="Swipe msg-3 from the trailing edge").focus()
            page.keyboard.press("Enter")
            surface.locator('[data-row="msg-3"] .actions-trailing').wait_for(timeout=5000)

            # A click on a row's text taps it: the row's onTapGesture runs in the front-end,
            # and the node is selected in the tree panel.
            surface.locator('[data-row="msg-4"] > .row-content span', has_text="Edsger Dijkstra").click()
            app.wait_for(r"onTapGesture ran on msg-4")
            checks.check("a click on a row tapped it: the front-end's onTapGesture ran", True)
            page.locator('#tree details[data-tree-node="msg-4"][open]').wait_for(timeout=5000)
            tree_text = page.locator('#tree details[data-tree-node="msg-4"] > pre').inner_text()
            checks.check("the tree panel shows the tapped row's modifiers", '"$type": "swipeActions"' in tree_text and "onTapGesture" in tree_text, tree_text[:300])
            page.screenshot(path=os.path.join(artifacts, "3-inspector.png"), full_page=False)
            if args.update_screenshot:
                shutil.copyfile(os.path.join(artifacts, "3-inspector.png"), os.path.join(REPO, "docs", "inspector.png"))
                print("wrote docs/inspector.png", flush=True)
            archive.focus()
            page.keyboard.press("Enter")
            app.wait_for(r"onPress ran: Archive on msg-1")
            surface.locator('[data-row="msg-1"]').wait_for(state="detached", timeout=5000)
            checks.check("Enter on Archive ran the front-end's onPress and the row left", True)
            # Pull the List down: the demo's refreshable fetches msg-5 and re-renders.
            bar = surface.locator(".refresh-bar")
            box = bar.bounding_box()
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 4)
            page.mouse.down()
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 110, steps=6)
            page.mouse.up()
            app.wait_for(r"refreshable ran on inbox")
            surface.locator('[data-row="msg-5"]').wait_for(timeout=5000)
            checks.check("pulling the List down ran the demo's refreshable and its new row appeared", True)
            page.locator(".refresh-bar:not(.active)").wait_for(timeout=5000)
            checks.check("the List shows the refresh has ended", "pull down to refresh" in bar.inner_text())
            # A plugin's view: its body drawn, and a click on its third star taps that Button,
            # whose event reaches the front-end, which shows the new value.
            rating = page.locator('article[data-surface="stars"] .plugin-view[data-view="Rating"]')
            rating.wait_for(timeout=5000)
            star_texts = [rating.locator("button.body-button").nth(i).inner_text() for i in range(rating.locator("button.body-button").count())]
            checks.check("a plugin view is drawn from its evaluated body", star_texts == ["star.fill", "star", "star"], str(star_texts))
            page.get_by_role("button", name="Rating r button 0/3").click()
            stars.wait_for(r"onValueChange 3")
            checks.check("a click on a Button in a plugin view's body ran the front-end's onValueChange", True)
            page.wait_for_function("() => [...document.querySelectorAll('article[data-surface=\"stars\"] button.body-button')].every((b) => b.textContent === 'star.fill')", timeout=5000)
            checks.check("the plugin view shows the value the front-end sent back", True)
            plugins = page.locator("#plugins").inner_text()
            checks.check("the plugins panel lists the bundled plugins", "SwipeActions" in plugins and "ExpoUI" in plugins, plugins[:300])

            # A revealed action takes a click anywhere in its box, its lower part too: the row's
            # swipe buttons are never on top of it.
            page.get_by_role("button", name="Swipe msg-4 from the trailing edge").focus()
            page.keyboard.press("Enter")
            delete = surface.locator('[data-row="msg-4"] .actions-trailing button[data-action="delete"]')
            delete.wait_for(timeout=5000)
            surface.locator('[data-row="msg-4"] > .row-content').hover()  # a mouse user's swipe buttons show
            missed = []
            for action in ("delete", "edit"):
                box = surface.locator(f'[data-row="msg-4"] .actions-trailing button[data-action="{action}"]').bounding_box()
                for fx, fy in ((0.5, 0.5), (0.1, 0.1), (0.9, 0.1), (0.5, 0.8), (0.1, 0.95), (0.5, 0.95), (0.9, 0.95)):
                    x, y = box["x"] + box["width"] * fx, box["y"] + box["height"] * fy
                    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.dataset.action ?? null", [x, y])
                    if hit != action:
                        missed.append(f"{action} at ({fx}, {fy}) hit {hit}")
            checks.check("every point of a revealed action's box, its lower part too, is the action's", not missed, "; ".join(missed))
            box = delete.bounding_box()
            page.mouse.click(box["x"] + box["width"] * 0.9, box["y"] + box["height"] * 0.92)
            try:
                app.wait_for(r"onPress ran: Delete on msg-4", timeout=5)
                ran = True
            except AssertionError:
                ran = False
            checks.check("a click on the lower right of a revealed Delete ran its onPress", ran)
            # The front-end hears the event before the page hears the answer: the kill below
            # waits for the answer, or it would end the engine with the tap unanswered (a
            # -32005 the page logs as a 422, as it should).
            page.wait_for_function("() => document.querySelector('#status')?.textContent.startsWith('tapAction on msg-4')", timeout=10000)

            # The engine ends under everyone (killed from outside): the daemon keeps the
            # connections, so the inspector goes on without reconnecting; the log says so, and
            # the page's rows still act on the front-end through the new engine.
            engine = int(re.findall(r"modhostd\[(\d+)\]: info: listening on", daemon.text)[-1])
            os.kill(engine, signal.SIGKILL)
            restarted = page.locator("#log tr.k-engineRestarted")
            restarted.first.wait_for(timeout=15000)
            restart_text = restarted.first.inner_text()
            checks.check("the log shows the engine restart", "engine restarted (engine-crashed)" in restart_text, restart_text)
            checks.check("modhost inspect kept running", inspect_process.poll() is None)
            ids = [rows.nth(i).get_attribute("data-row") for i in range(rows.count())]
            checks.check("the rows are still drawn after the restart", "msg-3" in ids, str(ids))
            surface.locator('[data-row="msg-3"] > .row-content span').first.click()
            app.wait_for(r"onTapGesture ran on msg-3")
            checks.check("after the restart a click on a row still runs the front-end's onTapGesture", True)

            # Three plugin folders that fail to load: every connection hears of each at its
            # handshake, as a diagnostic; the log shows them as one line per connection.
            for n in (1, 2, 3):
                folder = os.path.join(work, "data", "modhost", "plugins", f"Broken{n}")
                os.makedirs(folder, exist_ok=True)
                with open(os.path.join(folder, "plugin.json"), "w") as f:
                    f.write("{ not json")
            subprocess.run([os.path.join(args.bin, "modhost"), "--socket", socket, "reload"], env=env, cwd=REPO,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)
            # A second front-end: one row with trailing swipe actions only, one with none.
            second = (
                "import { connect, List, HStack, Text, swipeActions } from " + repr(os.path.join(REPO, "clients/js/src/index.js")) + ";\n"
                "const app = await connect({ socket: " + repr(socket) + ", clientName: 'plain-demo' });\n"
                "await app.mount('plain', List(\n"
                "  HStack({ key: 'swipeable', modifiers: [swipeActions({ trailing: [{ id: 'flag', label: 'Flag', onPress: () => {} }] })] }, Text('trailing only')),\n"
                "  HStack({ key: 'still' }, Text('no swipe actions'))));\n"
                "console.log('plain mounted');\n"
                "setInterval(() => {}, 1 << 30);\n")
            _, plain_app = start(["node", "--input-type=module", "-e", second], "the second front-end")
            plain_app.wait_for(r"plain mounted")
            plain = page.locator('article[data-surface="plain"]')
            plain.locator('.row[data-row="still"]').wait_for(timeout=5000)

            # A static view shows which rows have swipe actions, and on which edge.
            def markers(row):
                return [edge for edge in ("leading", "trailing") if row.locator(f".swipe-marker-{edge}").count() == 1]
            seen = {row_id: markers(surface.locator(f'[data-row="{row_id}"]')) for row_id in ("msg-3", "msg-5")}
            seen.update({row_id: markers(plain.locator(f'[data-row="{row_id}"]')) for row_id in ("swipeable", "still")})
            checks.check("rows with swipe actions show a marker on each edge that has some, other rows none",
                         seen == {"msg-3": ["leading", "trailing"], "msg-5": ["leading", "trailing"], "swipeable": ["trailing"], "still": []}, str(seen))

            # A third front-end with the views that show a value: Image (systemName, and an old
            # tree's systemImage), a Toggle it keeps in its state, a Slider it does not, a TextField.
            third = (
                "import { connect, VStack, Image, Text, Toggle, Slider, TextField, symbolEffect, shadow, blur, opacity, scaleEffect, rotationEffect, bold, italic, underline, strikethrough, kerning, List, searchable, presentationDetents, nativeViewHelper, tag } from " + repr(os.path.join(REPO, "clients/js/src/index.js")) + ";\n"
                "const app = await connect({ socket: " + repr(socket) + ", clientName: 'controls-demo' });\n"
                "const Picker = nativeViewHelper('Picker');\n"
                "let on = true;\n"
                "let size = 's';\n"
                "let surface;\n"
                "const tree = () => VStack(\n"
                "  Text({ key: 'styled', text: 'styled', modifiers: [shadow({ radius: 3, x: 1, y: 2, color: '#FF000080' }), blur(2), opacity(0.5), scaleEffect(1.5), rotationEffect(30),\n"
                "    bold(), italic(), strikethrough({ isActive: true }), underline({ isActive: true, pattern: 'dash' }), kerning(2)] }),\n"
                "  List({ key: 'fruit', modifiers: [searchable('', { prompt: 'Search fruit', onChange: (t) => console.log('search onChange ran: ' + t) })] }, Text({ key: 'apple', text: 'apple' })),\n"
                "  VStack({ key: 'sheet', modifiers: [presentationDetents(['medium', 'large'], { onSelectionChange: (d) => console.log('detent ran: ' + d) })] }, Text('sheet')),\n"
                "  Image({ key: 'star', systemName: 'star.fill' }),\n"
                "  Image({ key: 'old', systemImage: 'trash' }),\n"
                "  Image({ key: 'bell', systemName: 'bell', modifiers: [symbolEffect({ effect: 'pulse' })] }),\n"
                "  Image({ key: 'heart', systemName: 'heart', modifiers: [symbolEffect({ effect: 'bounce', value: on })] }),\n"
                "  Toggle({ key: 'wifi', label: 'Wi-Fi', isOn: on, onIsOnChange: (v) => { on = v; console.log('toggle onIsOnChange ran: ' + v); surface.update(tree()); } }),\n"
                "  Slider({ key: 'volume', value: 0.5, min: 0, max: 2, step: 0.25, onValueChange: (v) => console.log('slider onValueChange ran: ' + v) }),\n"
                "  TextField({ key: 'name', defaultValue: 'Ada', placeholder: 'Name', onTextChange: (t) => console.log('onTextChange ran: ' + t), onSubmit: (t) => console.log('onSubmit ran: ' + t) }),\n"
                "  Picker({ key: 'size', label: 'Size', selection: size, onSelectionChange: (v) => { size = v; console.log('picker onSelectionChange ran: ' + v); surface.update(tree()); } },\n"
                "    Text({ key: 'small', text: 'Small', modifiers: [tag('s')] }), Text({ key: 'large', text: 'Large', modifiers: [tag('l')] })),\n"
                "  nativeViewHelper('RoundedRectangle')({ key: 'card', cornerRadius: 6 }), nativeViewHelper('Circle')({ key: 'dot' }),\n"
                "  nativeViewHelper('SecureField')({ key: 'pin', placeholder: 'Password', onTextChange: (t) => console.log('secure onTextChange ran: ' + t.length + ' characters') }));\n"
                "surface = await app.mount('controls', tree());\n"
                "console.log('controls mounted');\n"
                "setInterval(() => {}, 1 << 30);\n")
            _, controls_app = start(["node", "--input-type=module", "-e", third], "the controls front-end")
            controls_app.wait_for(r"controls mounted")
            controls = page.locator('article[data-surface="controls"]')
            controls.locator('[data-node="name"] input').wait_for(timeout=5000)
            # The recorded styles it can draw: effects and transforms in application order,
            # text styles as CSS has them.
            drawn = controls.locator('[data-node="styled"]').evaluate(
                "el => { const s = getComputedStyle(el); return { filter: el.style.filter, transform: s.transform, opacity: s.opacity, weight: s.fontWeight,"
                " italic: s.fontStyle, lines: s.textDecorationLine, pattern: s.textDecorationStyle, spacing: s.letterSpacing }; }")
            angle = math.radians(30)
            a, b = 1.5 * math.cos(angle), 1.5 * math.sin(angle)
            matrix = [float(x) for x in re.findall(r"-?[0-9.e-]+", drawn["transform"])]
            expected = {"filter": "drop-shadow(rgba(255, 0, 0, 0.5) 1px 2px 3px) blur(2px)", "opacity": "0.5", "weight": "700",
                        "italic": "italic", "lines": "underline line-through", "pattern": "dashed", "spacing": "2px"}
            checks.check("a Text with shadow, blur, opacity, scale, rotation and text styles is drawn with each",
                         {k: drawn[k] for k in expected} == expected and len(matrix) == 6
                         and all(abs(x - y) < 1e-3 for x, y in zip(matrix, [a, b, -b, a, 0, 0])), str(drawn))
            symbols = [controls.locator(f'[data-node="{n}"] .symbol').inner_text() for n in ("star", "old")]
            checks.check("an Image is drawn from its systemName, an old tree's from systemImage", symbols == ["star.fill", "trash"], str(symbols))
            pulse = controls.locator('[data-node="bell"] .symbol-effect.running')
            checks.check("an Image with a running indefinite effect is marked as running", pulse.count() == 1 and pulse.inner_text() == "pulse",
                         controls.locator('[data-node="bell"]').inner_text())
            bounce = controls.locator('[data-node="heart"] .symbol-effect')
            checks.check("a discrete effect not yet run shows 0 runs", bounce.count() == 1 and bounce.inner_text() == "bounce ×0", bounce.all_inner_texts())
            switch = controls.get_by_role("switch", name="Wi-Fi (wifi)")
            checks.check("a Toggle is drawn on, from the node's value", switch.get_attribute("aria-checked") == "true")
            slider = controls.locator('[data-node="volume"] input[type="range"]')
            drawn = slider.evaluate("el => [el.min, el.max, el.value]")
            checks.check("a Slider is drawn at its value within min...max", drawn == ["0", "2", "0.5"], str(drawn))
            field = controls.locator('[data-node="name"] input')
            checks.check("a TextField shows its text", field.input_value() == "Ada", field.input_value())

            switch.click()
            controls_app.wait_for(r"toggle onIsOnChange ran: false")
            controls.locator('[role="switch"][aria-checked="false"]').wait_for(timeout=5000)
            checks.check("a click on the Toggle tapped it: onIsOnChange ran and it is drawn off", True)
            # The update changed the bounce's value (it is the Toggle's state): it ran once.
            controls.locator('[data-node="heart"] .symbol-effect.ran').wait_for(timeout=5000)
            ran = controls.locator('[data-node="heart"] .symbol-effect').inner_text()
            checks.check("an update that changes a discrete effect's value runs it once, drawn with its count", ran == "bounce ×1", ran)
            slider.evaluate("el => { el.value = '1.5'; el.dispatchEvent(new Event('change', { bubbles: true })); }")
            controls_app.wait_for(r"slider onValueChange ran: 1\.5")
            controls.locator('[data-node="volume"] input[aria-valuetext="1.5"]').wait_for(timeout=5000)
            checks.check("sliding the Slider ran onValueChange; it is drawn at what the host shows", True)
            field = controls.locator('[data-node="name"] input')
            field.fill("Grace")
            field.press("Enter")
            controls_app.wait_for(r"onTextChange ran: Grace")
            controls_app.wait_for(r"onSubmit ran: Grace")
            controls.locator('[data-node="name"] input[data-shown="Grace"]').wait_for(timeout=5000)
            changes = len(re.findall(r"onTextChange ran", controls_app.text))
            checks.check("typing into the TextField and Enter ran onTextChange once, then onSubmit", changes == 1, f"{changes} onTextChange")
            search = controls.get_by_role("searchbox", name="Search fruit")
            checks.check("a List with searchable is drawn with its search field and prompt", search.get_attribute("placeholder") == "Search fruit")
            search.fill("ap")
            search.press("Enter")
            controls_app.wait_for(r"search onChange ran: ap")
            controls.locator('[data-node="fruit"] input[data-shown="ap"]').wait_for(timeout=5000)
            checks.check("typing into the search field ran the front-end's onChange; it shows the text", True)
            pressed = controls.locator('[data-node="sheet"] .detents button[aria-pressed="true"]').inner_text()
            checks.check("a sheet's detents are drawn, the smallest pressed", pressed == "medium", pressed)
            controls.get_by_role("group", name="Sheet detents of sheet").get_by_role("button", name="large").click()
            controls_app.wait_for(r"detent ran: large")
            controls.locator('[data-node="sheet"] .detents button[aria-pressed="true"]', has_text="large").wait_for(timeout=5000)
            checks.check("a click on a detent dragged the sheet there: onSelectionChange ran and it is drawn pressed", True)
            radii = [controls.locator(f'.shape[data-node="{n}"]').evaluate("el => el.style.borderRadius") for n in ("card", "dot")]
            checks.check("shapes are drawn with their corners", radii == ["6px", "50%"], str(radii))
            picker = controls.get_by_role("radiogroup", name="Size")
            options = {n: picker.get_by_role("button", name=f"option {n}").get_attribute("aria-pressed") for n in ("small", "large")}
            checks.check("a Picker is drawn with its label, its tagged children as options, the selected one pressed", options == {"small": "true", "large": "false"}, str(options))
            controls.get_by_role("button", name="option large").click()
            controls_app.wait_for(r"picker onSelectionChange ran: l")
            controls.locator('button[aria-label="option large"][aria-pressed="true"]').wait_for(timeout=5000)
            checks.check("a click on an option chose it: onSelectionChange ran with its tag and it is drawn selected", True)
            secure = controls.locator('input[type="password"][data-node="pin"]')
            secure.fill("hunter2")
            secure.press("Enter")
            controls_app.wait_for(r"secure onTextChange ran: 7 characters")
            controls.locator('input[data-node="pin"][data-shown="\u2022\u2022\u2022\u2022\u2022\u2022\u2022"]').wait_for(timeout=5000)
            seen = page.evaluate("() => document.body.innerText + [...document.querySelectorAll('input')].map((i) => i.dataset.shown ?? '').join(' ')")
            checks.check("a SecureField typed into shows bullets; its text is nowhere on the page, log included", "hunter2" not in seen, "the text is on the page")
            page.screenshot(path=os.path.join(artifacts, "4-controls.png"), full_page=True)

            page.wait_for_function("() => [...document.querySelectorAll('#log tbody tr')].filter((r) => r.textContent.includes('plain-demo') && r.textContent.includes('plugin-load-failed')).length > 0", timeout=5000)
            time.sleep(0.5)  # the three come together; let the last of them arrive
            visible = page.evaluate("() => [...document.querySelectorAll('#log tbody tr')].filter((r) => r.offsetParent !== null).map((r) => [r.classList.contains('log-group'), r.innerText])")
            loose = [t for group, t in visible if not group and "plugin-load-failed" in t]
            groups = [t for group, t in visible if group and "plain-demo" in t and "handshake" in t]
            checks.check("a connection's handshake diagnostics are one log line, with their count",
                         not loose and len(groups) == 1 and "3 plugin diagnostics" in groups[0], f"lines: {visible[-8:]}")
            if groups:
                page.locator("#log tr.log-group", has_text="plain-demo").get_by_role("button").click()
            shown = page.evaluate("() => [...document.querySelectorAll('#log tbody tr')].filter((r) => r.offsetParent !== null && !r.classList.contains('log-group') && r.innerText.includes('plugin-load-failed') && r.innerText.includes('plain-demo')).length")
            checks.check("the line opens to show each of them", shown == 3, f"{shown} shown")
            page.screenshot(path=os.path.join(artifacts, "4-more.png"), full_page=True)

            # The plugins table fits its panel, with failed plugins and their long errors too.
            for width in (1920, 1280):
                wide = browser.new_page(viewport={"width": width, "height": 1080})
                wide.goto(url)
                wide.locator("#plugins tbody tr", has_text="failed").first.wait_for(timeout=5000)
                edges = wide.evaluate("""() => {
                  const panel = document.querySelector('#plugins-panel');
                  const style = getComputedStyle(panel);
                  const inner = panel.getBoundingClientRect().right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
                  return { table: document.querySelector('#plugins').getBoundingClientRect().right, panel: inner };
                }""")
                checks.check(f"at {width} px the plugins table stays inside its panel", edges["table"] <= edges["panel"] + 0.5, str(edges))
                wide.screenshot(path=os.path.join(artifacts, f"5-plugins-{width}.png"), full_page=True)
                wide.close()

            # A quarantined plugin's status says "quarantined" once (its error starts with it).
            fake = browser.new_page(viewport={"width": 1280, "height": 900})
            crashed = [{"name": "Crashy", "version": "1.2.0", "path": "/p/Crashy", "status": "quarantined", "types": ["crashy"], "modules": [],
                        "error": "quarantined: it crashed (SIGSEGV) while loading; it loads again when its files change, or after `modhost plugins enable Crashy`"}]
            fake.route("**/events", lambda route: route.fulfill(status=200, content_type="text/event-stream",
                                                                 body="event: plugins\ndata: " + json.dumps(crashed) + "\n\n"))
            fake.goto(url)
            cell = fake.locator("#plugins tr", has_text="Crashy").locator("td").first
            cell.wait_for(timeout=5000)
            status_text = cell.inner_text()
            checks.check("a quarantined plugin's status says quarantined once",
                         status_text.count("quarantined") == 1 and status_text.startswith("quarantined: it crashed"), status_text)
            fake.close()
            errors = [line for line in console if line.startswith(("error", "pageerror"))]
            checks.check("the page logged no errors", not errors, "; ".join(errors + refused))
            browser.close()
    except Exception as error:  # a step that could not even run is a failed check
        checks.check("the browser scenario ran to its end", False, f"{type(error).__name__}: {error}")
    finally:
        for process in reversed(children):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    process.kill()
        shutil.rmtree(work, ignore_errors=True)
    print(f"screenshots: {artifacts}", flush=True)
    print(f"browser: {checks.passed} passed, {checks.failed} failed", flush=True)
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
