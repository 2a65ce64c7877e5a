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


def text(url: str) -> str:
    """The QR code of ``url`` drawn with block characters, for ``companion serve``."""
    code = qrcode.QRCode(border=2)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()
