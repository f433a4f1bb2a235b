/*
 * qrcode's encoder alone (qrcode/lib/core/qrcode.js), which is all the PDFs use (lib/pdf-kit.ts draws the modules
 * itself). Typed here because @types/qrcode covers only the package's main module, and it brings Node's types
 * (streams, Buffer) into the app's type-check, which runs without them (tsconfig.app.json). The two members the app
 * reads, as @types/qrcode's `QRCode` and `BitMatrix` declare them.
 */
declare module 'qrcode/lib/core/qrcode' {
  export interface BitMatrix {
    /** Modules per side. */
    size: number
    get(row: number, col: number): number
  }
  export function create(text: string, options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): { modules: BitMatrix }
  const qrcode: { create: typeof create }
  export default qrcode
}
