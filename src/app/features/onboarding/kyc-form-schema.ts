import * as v from 'valibot'

import type { BodyInput } from '#contract/endpoint'
import type { onboardingEndpoints } from '#contract/onboarding'
import { KYC_DOCUMENT_TYPES, KYC_DOCUMENT_TYPES_ACCEPTED, MAX_KYC_ADDRESS, MAX_KYC_DOCUMENT_BYTES } from '#contract/onboarding'

import { ageOn, type DateParts, EMPTY_DATE, MINIMUM_AGE, toLocalDate } from './date-of-birth'

export type DocumentType = (typeof KYC_DOCUMENT_TYPES)[number]
export type IdType = 'BVN' | 'NIN'

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  NIN_SLIP: 'NIN slip',
  DRIVERS_LICENSE: "Driver's licence",
  INTERNATIONAL_PASSPORT: 'International passport',
  VOTERS_CARD: "Voter's card",
}

export const DOCUMENT_ACCEPT = KYC_DOCUMENT_TYPES_ACCEPTED.join(',')

/** The server's own limits, checked on the prepared file so nobody waits for an upload that will be refused. */
export function checkDocument(file: File): string | null {
  if (!(KYC_DOCUMENT_TYPES_ACCEPTED as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP image, or a PDF.'
  if (file.size > MAX_KYC_DOCUMENT_BYTES) return 'Choose a file of at most 5 MB.'
  return null
}

export const M = {
  documentType: 'Choose the type of document.',
  document: 'Upload a photo or scan of the document.',
  dateOfBirth: 'Choose your day, month and year of birth.',
  tooYoung: `You must be ${MINIMUM_AGE} or older.`,
  address: 'Enter your address.',
  idType: 'Choose BVN or NIN.',
  idNumber: 'Enter all 11 digits.',
}

export interface KycValues {
  documentType: string
  document: File | null
  dateOfBirth: DateParts
  address: string
  idType: string
  idNumber: string
}

export const EMPTY_KYC: KycValues = { documentType: '', document: null, dateOfBirth: EMPTY_DATE, address: '', idType: '', idNumber: '' }

const dateOfBirth = v.pipe(
  v.custom<DateParts>(() => true),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const date = toLocalDate(dataset.value)
    if (!date) addIssue({ message: M.dateOfBirth })
    else if (ageOn(date) < MINIMUM_AGE) addIssue({ message: M.tooYoung })
  }),
)

export const KycSchema = v.object({
  documentType: v.pipe(v.string(), v.nonEmpty(M.documentType)),
  document: v.custom<File | null>((file) => file instanceof File, M.document),
  dateOfBirth,
  address: v.pipe(v.string(), v.trim(), v.nonEmpty(M.address), v.maxLength(MAX_KYC_ADDRESS, `Use at most ${MAX_KYC_ADDRESS} characters.`)),
  idType: v.pipe(v.string(), v.nonEmpty(M.idType)),
  idNumber: v.pipe(v.string(), v.regex(/^\d{11}$/, M.idNumber)),
})

/** The multipart body (the contract encodes each text field as JSON, the document as a file). */
export function kycBody(values: KycValues): BodyInput<typeof onboardingEndpoints.submitKyc> {
  return {
    documentType: values.documentType as DocumentType,
    document: values.document ? [values.document] : [],
    dateOfBirth: toLocalDate(values.dateOfBirth) ?? '',
    address: values.address.trim(),
    idType: values.idType as IdType,
    idNumber: values.idNumber,
  }
}
