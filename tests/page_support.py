"""Reading an answer as a player would: its text, a section, the refusals beside the fields."""
import html
import re


def text_of(response) -> str:
    """The answer's HTML with the rule ids shown ("Show the rule ids": their spans unwrapped)."""
    return re.sub(r'<span class="rule">([^<]*)</span>', r"\1", response.get_data(as_text=True))


def section(text: str, name: str) -> str:
    """The HTML of ``<section … id="name">`` up to its end."""
    found = re.search(rf'<section[^>]*id="{name}".*?</section>', text, re.S)
    assert found, name
    return found.group(0)


def points(text: str, name: str) -> tuple[int, int]:
    """A VOTE! player's (budget, support) as the round screen's plaque carries them."""
    found = re.search(rf'data-player="{name}" data-budget="(\d+)" data-support="(\d+)"', text)
    return int(found.group(1)), int(found.group(2))


def shown(page: str) -> str:
    """What a reader sees of a page, with the rule ids shown: its text without tags, scripts or
    attributes."""
    page = re.sub(r'<span class="rule">([^<]*)</span>', r"\1", page)
    text = re.sub(r"<[^>]+>", " ", re.sub(r"<script.*?</script>", "", page, flags=re.S))
    return html.unescape(" ".join(text.split()))


def marked_for(page: str, seat: str | None, writes: bool) -> str:
    """A board's changes, rendered alike for every phone (liberte.views.board_changes), as a
    page marks them for its own seat and rights when it swaps them in (liberte.js)."""
    page = page.replace("data-off", "" if writes else "disabled")
    page = (page.replace(" data-writers-only", "") if writes else
            re.sub(r'<details [^>]* data-writers-only>.*?</details>', "", page, flags=re.S))
    page = (re.sub(r'<p class="notice" data-unseated>.*?</p>', "", page, flags=re.S) if seat else
            page.replace(" data-unseated", ""))
    if seat:
        page = page.replace(f"<option >{seat}</option>", f"<option selected>{seat}</option>")
        page = re.sub(rf'(<fieldset [^>]*) data-pick-seat(>.*?value="{re.escape(seat)}" )>',
                      r"\1\2checked>", page, flags=re.S)
    return page.replace(" data-pick-seat", "")


def refusals(response) -> list:
    """The refusals an answer shows, without their rule ids."""
    return [shown(found) for found in re.findall(r'class="error" role="alert"[^>]*>(.*?)<span class="rule">',
                                                 response.get_data(as_text=True), re.S)]


def toast(response) -> str | None:
    """What the toast a change's answer carries (out of band) says, with its Undo; None if none."""
    found = re.search(r'<div id="toast"[^>]*hx-swap-oob="true">(.*?)</div></div>',
                      response.get_data(as_text=True), re.S)
    return found and found.group(1)


def undo_from_toast(client, table, response):
    """Tap the Undo of ``response``'s toast on ``client``: it names the change it takes back."""
    of = re.search(r'hx-vals=\'{"of": "(\d+)"}\'', toast(response)).group(1)
    return client.post(f"/t/{table.code}/undo", data={"of": of, "version": of},
                       headers={"HX-Request": "true"})
