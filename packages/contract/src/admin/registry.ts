import { z } from 'zod';
import { defineAdminEndpoint, pageRequestSchema } from './endpoint.ts';

/*
 * The membership registry pin verification matches parents against. The operator uploads the
 * partner's CSV (its bytes, base64; the server detects the encoding and parses it): a dry run says
 * which encoding it read and what would happen row by row, then the same file is applied in one
 * transaction. Entries absent from a file are kept.
 */

/** Largest file the import reads, in bytes, and most data rows. */
export const REGISTRY_CSV_MAX_BYTES = 2 * 1024 * 1024;
export const REGISTRY_CSV_MAX_ROWS = 20_000;
/** The columns, Korean or English headers: 회원번호/member_no, 이름/name, 전화번호/phone, 생년월일/birth_date (optional). */
export const REGISTRY_CSV_HEADERS = ['회원번호', '이름', '전화번호', '생년월일'] as const;

/** Why a row is refused; the console words each one. */
export const registryRejectReasonSchema = z.enum([
  'MISSING_MEMBER_NO',
  'BAD_MEMBER_NO',
  'MISSING_NAME',
  'NAME_TOO_LONG',
  'MISSING_PHONE',
  'BAD_PHONE',
  'BAD_BIRTH_DATE',
  'DUPLICATE_IN_FILE',
  /** A cell has bytes that are text in neither UTF-8 nor CP949 (they decode to U+FFFD). */
  'UNREADABLE_BYTES',
  /** The name has a control, bidirectional-override or zero-width (any format) character. */
  'BAD_CHARACTERS',
]);
export type RegistryRejectReason = z.infer<typeof registryRejectReasonSchema>;

export const registryRowStatusSchema = z.enum(['NEW', 'CHANGED', 'UNCHANGED', 'REJECTED']);
export type RegistryRowStatus = z.infer<typeof registryRowStatusSchema>;

export const registryChangedFieldSchema = z.enum(['name', 'phone', 'birthDate']);

export const registryImportRowSchema = z.object({
  /** The data row's number in the file (the header is row 1, so the first entry is row 2). */
  row: z.number().int(),
  status: registryRowStatusSchema,
  memberNo: z.string(),
  name: z.string(),
  /** 010-****-1234, or what the file had when it is no phone number. */
  phoneMasked: z.string(),
  changedFields: z.array(registryChangedFieldSchema),
  reasons: z.array(registryRejectReasonSchema),
});
export type RegistryImportRow = z.infer<typeof registryImportRowSchema>;

export const registryCountsSchema = z.object({
  total: z.number().int(),
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
});
export type RegistryCounts = z.infer<typeof registryCountsSchema>;

/**
 * How the server read the file (decision 031): UTF-8 with a BOM, UTF-8 without one, else CP949 (the
 * superset of EUC-KR that Korean Excel saves by default).
 */
export const registryEncodingSchema = z.enum(['UTF8_BOM', 'UTF8', 'CP949']);
export type RegistryEncoding = z.infer<typeof registryEncodingSchema>;

/** The longest base64 text of a file within the limit. */
export const REGISTRY_CSV_MAX_BASE64 = Math.ceil(REGISTRY_CSV_MAX_BYTES / 3) * 4;
/** The file's bytes as base64, whatever its encoding; the server checks the size in bytes (400 over the limit). */
const csvRequestSchema = z.object({ file: z.base64().min(1).max(REGISTRY_CSV_MAX_BASE64) });
/** The base64 text and the JSON around it. */
const CSV_BODY_LIMIT = REGISTRY_CSV_MAX_BASE64 + 64 * 1024;

export const registryDryRunEndpoint = defineAdminEndpoint({
  path: 'registry/dry-run',
  access: ['content'],
  summary: '회원 명부 CSV 미리 보기 (아무것도 바꾸지 않아요)',
  bodyLimit: CSV_BODY_LIMIT,
  request: csvRequestSchema,
  response: z.object({
    /** The encoding the file was read in. */
    encoding: registryEncodingSchema,
    counts: registryCountsSchema,
    /** New, changed and rejected rows in file order (unchanged ones are only counted), at most 1,000. */
    rows: z.array(registryImportRowSchema),
    truncated: z.boolean(),
  }),
});

export const registryApplyEndpoint = defineAdminEndpoint({
  path: 'registry/apply',
  access: ['content'],
  summary: '회원 명부 CSV 적용 (한 번에 모두, 또는 하나도 안 바꿔요)',
  bodyLimit: CSV_BODY_LIMIT,
  request: csvRequestSchema.extend({
    /** What the dry run said; when the registry changed since, the apply is refused (409). */
    expected: registryCountsSchema.pick({ new: true, changed: true }),
  }),
  response: z.object({ encoding: registryEncodingSchema, counts: registryCountsSchema }),
});

export const registryEntrySchema = z.object({
  memberNo: z.string(),
  name: z.string(),
  phoneMasked: z.string(),
  hasBirthDate: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type RegistryEntry = z.infer<typeof registryEntrySchema>;

export const registrySearchEndpoint = defineAdminEndpoint({
  path: 'registry/search',
  access: ['content'],
  summary: '회원 명부 검색 (이름, 전화번호 뒷자리, 회원번호)',
  request: pageRequestSchema.extend({ query: z.string().trim().min(1).max(40) }),
  response: z.object({ total: z.number().int(), items: z.array(registryEntrySchema) }),
});
