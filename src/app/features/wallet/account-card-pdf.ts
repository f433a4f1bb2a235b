import { formatDate } from '#app/lib/dates'
import {
  type jsPDF,
  loadPdfKit,
  PDF_GREEN as GREEN,
  PDF_INK as INK,
  PDF_LINE,
  PDF_MUTED as MUTED,
  safeFileStem,
  savePdf,
} from '#app/lib/pdf-kit'

export interface AccountDetails {
  bankName: string
  accountNumber: string
  accountName: string
}

/** '<account name> account details.pdf' (SPEC §9), without characters a file system refuses. */
export function accountCardFileName(accountName: string): string {
  return `${safeFileStem(accountName) || 'Wallet'} account details.pdf`
}

/** What the QR code holds: plain text any phone camera shows as is, ready to copy into a bank app. */
export function accountQrText(details: AccountDetails): string {
  return `Bank: ${details.bankName}\nAccount number: ${details.accountNumber}\nAccount name: ${details.accountName}`
}

/**
 * The "pay with bank transfer" card: A4 portrait, the account in large type and a QR code of it, to print and
 * stick by the till. jsPDF and qrcode are loaded only when someone asks for the card (lib/pdf-kit).
 */
export async function accountCardPdf(details: AccountDetails): Promise<{ doc: jsPDF; fileName: string }> {
  const kit = await loadPdfKit()
  const doc = kit.newDoc('a4')
  const width = doc.internal.pageSize.getWidth()
  const centre = width / 2
  doc.setProperties({ title: `${details.accountName} account details`, subject: 'Pay with bank transfer' })

  doc.setFillColor(...GREEN)
  doc.rect(0, 0, width, 62, 'F')
  doc.setTextColor(255, 255, 255)
  doc.setFont('helvetica', 'bold')
  doc.setFontSize(30)
  doc.text('Pay with bank transfer', centre, 32, { align: 'center' })
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(13)
  doc.text('Transfer from any Nigerian bank app to the account below.', centre, 45, { align: 'center' })

  doc.setDrawColor(...PDF_LINE)
  doc.setLineWidth(0.4)
  doc.roundedRect(20, 76, width - 40, 96, 4, 4, 'S')
  const rows: [string, string, number][] = [
    ['Bank name', details.bankName, 18],
    ['Account number', details.accountNumber, 34],
    ['Account name', details.accountName, 18],
  ]
  let y = 92
  for (const [label, value, size] of rows) {
    doc.setFont('helvetica', 'normal')
    doc.setFontSize(11)
    doc.setTextColor(...MUTED)
    doc.text(label.toUpperCase(), centre, y, { align: 'center', charSpace: 0.6 })
    doc.setFont('helvetica', 'bold')
    doc.setFontSize(size)
    doc.setTextColor(...INK)
    const lines = doc.splitTextToSize(value, width - 56) as string[]
    doc.text(lines.slice(0, 2), centre, y + size * 0.45, { align: 'center', charSpace: label === 'Account number' ? 1.5 : 0 })
    y += size * 0.45 + 18
  }

  const qrSize = 72
  kit.drawQr(doc, accountQrText(details), centre - qrSize / 2, 184, qrSize)
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(11)
  doc.setTextColor(...MUTED)
  doc.text('Scan to see the account details', centre, 184 + qrSize + 8, { align: 'center' })
  doc.setFontSize(9)
  doc.text(`Generated on ${formatDate(new Date())}`, centre, 287, { align: 'center' })
  return { doc, fileName: accountCardFileName(details.accountName) }
}

export async function downloadAccountCard(details: AccountDetails): Promise<void> {
  const { doc, fileName } = await accountCardPdf(details)
  savePdf(doc, fileName)
}
