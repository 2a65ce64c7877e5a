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
