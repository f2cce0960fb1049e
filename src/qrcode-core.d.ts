/** The encoder of the `qrcode` package alone (its renderers are not needed: src/lib/certificate-qr.ts draws the squares). */
declare module 'qrcode/lib/core/qrcode.js' {
  /** The QR code's squares: `size` × `size`, `get(row, column)` true for a dark one. */
  export interface BitMatrix {
    size: number;
    get(row: number, column: number): boolean | number;
  }
  /** Encodes `text` (byte mode for an address) at the error-correction level given. */
  export function create(text: string, options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): { modules: BitMatrix };
}
