import QRCode from 'qrcode';
import { formatBusinessDateTime, formatPacketWeight } from '@goldledger/contracts';
import { DOCUMENT_STYLES, LENDER_NAME } from '../documents/layout.js';
import type { DocumentDefinition } from '../documents/pdf.js';

export interface PacketLabel {
  packetNumber: string;
  loanId: string;
  branchName: string;
  branchCode: string;
  sealedGrossWeightMg: number;
  itemCount: number;
  /** ISO instant of the sealing. */
  sealedAt: string;
  sealedBy: string;
  confirmedBy: string;
}

/** 100 × 70 mm, a common thermal label size; pdfmake measures in points (1 mm = 2.835 pt). */
const WIDTH = 283;
const HEIGHT = 198;
const MARGIN = 10;
const QR_SIZE = 96;

/**
 * The label stuck on a sealed packet: the packet number in print and as a QR code (made
 * by the `qrcode` library as SVG and embedded as vectors, so it scans at any print size),
 * the loan, branch, sealed weight, date and the sealing pair.
 */
export async function packetLabelDocument(label: PacketLabel): Promise<DocumentDefinition> {
  const qr = await QRCode.toString(label.packetNumber, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  const row = (name: string, value: string) => [
    { text: name, style: 'label', fontSize: 7 },
    { text: value, style: 'value', fontSize: 8 },
  ];
  return {
    pageSize: { width: WIDTH, height: HEIGHT },
    pageMargins: MARGIN,
    info: { title: `Packet label ${label.packetNumber}`, subject: `Loan ${label.loanId}` },
    content: [
      {
        columns: [
          { text: LENDER_NAME, style: 'brand', fontSize: 11 },
          {
            text: 'SEALED GOLD PACKET',
            alignment: 'right',
            bold: true,
            fontSize: 7,
            color: '#8a6d1d',
            margin: [0, 3, 0, 0],
          },
        ],
        margin: [0, 0, 0, 4],
      },
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: label.packetNumber, bold: true, fontSize: 16, margin: [0, 0, 0, 4] },
              {
                table: {
                  widths: [50, '*'],
                  body: [
                    row('Loan', label.loanId),
                    row('Branch', `${label.branchName} (${label.branchCode})`),
                    row('Sealed weight', `${formatPacketWeight(label.sealedGrossWeightMg)} gross`),
                    row('Items', String(label.itemCount)),
                    row('Sealed', formatBusinessDateTime(label.sealedAt)),
                    row('Sealed by', label.sealedBy),
                    row('Confirmed by', label.confirmedBy),
                  ],
                },
                layout: 'noBorders',
              },
            ],
          },
          { width: QR_SIZE, svg: qr, fit: [QR_SIZE, QR_SIZE] },
        ],
        columnGap: 6,
      },
      {
        text: 'If this seal is found broken without two staff present, report it at once.',
        fontSize: 6,
        color: '#555555',
        margin: [0, 4, 0, 0],
      },
    ],
    styles: DOCUMENT_STYLES,
  };
}
