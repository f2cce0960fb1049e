/**
 * The QR code of a certificate's verification address, drawn in the browser as an SVG: one path
 * of the dark squares, built with DOM calls (no markup parsed, no style attributes, so the
 * page's Content-Security-Policy needs nothing). Only the encoder of the `qrcode` package is
 * loaded, not its canvas and text renderers; the print page imports this module lazily.
 */
import { create } from 'qrcode/lib/core/qrcode.js';

const SVG = 'http://www.w3.org/2000/svg';
/** The quiet zone around the code, in squares (the standard asks for four). */
const MARGIN = 4;

/** An SVG of the QR code of `text`, labelled `label`, carrying the encoded text in `data-qr-text`. */
export function qrSvg(text: string, label: string): SVGSVGElement {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size + MARGIN * 2;
  let d = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) d += `M${column + MARGIN} ${row + MARGIN}h1v1h-1z`;
    }
  }
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.dataset['qrText'] = text;
  const background = document.createElementNS(SVG, 'rect');
  background.setAttribute('width', String(size));
  background.setAttribute('height', String(size));
  background.setAttribute('fill', '#fff');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000');
  svg.append(background, path);
  return svg;
}
