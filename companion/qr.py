"""QR codes: an SVG for the host screen and a text drawing for the terminal."""
import io

import qrcode
import qrcode.image.svg


def svg(url: str) -> bytes:
    """The QR code of ``url`` as a standalone SVG (one path, no script, no style attribute)."""
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathFillImage, box_size=10,
                        border=2)
    out = io.BytesIO()
    image.save(out)
    return out.getvalue()


# black on bright white, whatever the terminal's own colours; then back to them
ON, OFF = "\x1b[30;107m", "\x1b[0m"
HALVES = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
QUIET = 4  # light modules around the code, as the QR standard asks


def text(url: str) -> str:
    """The QR code of ``url`` for ``companion serve``: two modules a character (half blocks),
    dark modules black on a white ground with its quiet zone, the colours set on every line, so
    that a phone reads it on a light terminal and on a dark one (a drawing in the terminal's
    own colours is inverted on one of them). ``click.echo`` drops the colours when the output
    is not a terminal."""
    code = qrcode.QRCode(border=QUIET)
    code.add_data(url)
    code.make(fit=True)
    matrix = [list(row) for row in code.get_matrix()]
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    return "".join(ON + "".join(HALVES[pair] for pair in zip(top, bottom)) + OFF + "\n"
                   for top, bottom in zip(matrix[0::2], matrix[1::2]))
