"""QR codes for the host screen and the terminal."""
from companion import qr


def test_svg_and_text():
    svg = qr.svg("http://192.168.1.5:8000/t/ABCDE")
    assert svg.startswith(b"<?xml") and b"<path" in svg and b"script" not in svg
    drawing = qr.text("http://192.168.1.5:8000/")
    assert len(drawing.splitlines()) > 10
