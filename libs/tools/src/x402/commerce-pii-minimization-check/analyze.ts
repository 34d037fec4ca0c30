import { isIP } from 'node:net';
import {
  PAN_LENGTH,
  PII_SENSITIVE_TYPES,
  e164Like,
  ibanValid,
  luhnValid,
  piiNecessity,
  type CatalogEntryOf,
  type PiiType,
  type RequestOf,
  type ResultOf,
} from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { isJsonObject, pointer } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_commerce_pii_minimization_check'>;
export type PiiCheckInput = RequestOf<Entry>;
export type PiiCheckResult = ResultOf<Entry>;
type Decision = PiiCheckResult['decision'];
type Finding = PiiCheckResult['findings'][number];
type Recommendation = Finding['recommendation'];
type Detection = { type: PiiType; detector: string; basis: Finding['basis'] };

/** A field name lowercased without separators: first_name, firstName and first-name are one key. */
const norm = (key: string) => key.toLowerCase().replace(/[\s_-]/g, '');

/** Fields whose digits are amounts, times, versions or ids: the card, phone and IP detectors skip them. */
const NUMERIC_KEY = /amount|value|nonce|time|date|created|updated|expires|(^|[a-z])at$|hash|block|gas|price|balance|decimals|atomic|fee|total|quantity|qty|count|chainid|seq|version|(^|[a-z])id$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const WALLET_KEY = /wallet|address|payer|payto|from|to|owner|account/;
const SSN = /^\d{3}-\d{2}-\d{4}$/;
const GEO_KEY = new Set(['lat', 'latitude', 'lng', 'lon', 'long', 'longitude']);
const GEO_PAIR = /^-?\d{1,2}\.\d{3,}\s*,\s*-?\d{1,3}\.\d{3,}$/;
const STREET = /^\d+[A-Za-z]?\s+\S.*\b(street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|way|court|ct|place|pl)\b\.?/i;
const PHONE_KEY = /phone|mobile|^tel$|telephone|msisdn|^cell$/;
const KEY_TYPES: readonly [RegExp, PiiType, string][] = [
  [/^(dob|dateofbirth|birthdate|birthday|birth)$/, 'date_of_birth', 'dob_key'],
  [/^(ssn|socialsecuritynumber|passport|passportnumber|passportno|taxid|tin|nationalid|nationalidnumber|driverslicense|driverlicense|idnumber|nin|cpf|aadhaar)$/, 'government_id', 'government_id_key'],
  [/^(address|streetaddress|street|addressline1|addressline2|line1|line2|city|postcode|postalcode|zip|zipcode)$/, 'postal_address', 'address_key'],
  [/^(firstname|lastname|fullname|givenname|familyname|surname|middlename|cardholdername|holdername|recipientname|customername|buyername)$/, 'person_name', 'name_key'],
];
/** `name` is a person's name only under a person-like parent (buyer.name, not product.name). */
const PERSON_PARENT = /buyer|customer|user|recipient|shipping|billing|contact|person|holder|payer|sender|member|owner|patient|donor/;
const FREE_TEXT_KEY = /^(note|notes|comment|comments|message|instructions|deliveryinstructions|specialinstructions|memo|remarks)$/;

function digitDetection(text: string, key: string): Detection | null {
  if (NUMERIC_KEY.test(key) || !/^\+?[\d][\d\s().-]*$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (!text.startsWith('+') && digits.length >= PAN_LENGTH.min && digits.length <= PAN_LENGTH.max && luhnValid(digits)) return { type: 'card_pan', detector: 'luhn', basis: 'checksum' };
  if (e164Like(text)) return { type: 'phone', detector: 'e164', basis: 'format' };
  if (PHONE_KEY.test(key) && digits.length >= 7 && digits.length <= 15) return { type: 'phone', detector: 'phone_key', basis: 'key_name' };
  return null;
}

function valueDetection(text: string, key: string): Detection | null {
  if (/^[A-Za-z]{2}\d{2}[A-Za-z0-9 ]{11,40}$/.test(text) && ibanValid(text)) return { type: 'iban', detector: 'iban_mod97', basis: 'checksum' };
  if (EMAIL.test(text)) return { type: 'email', detector: 'email_pattern', basis: 'format' };
  if (EVM_ADDRESS.test(text)) return { type: 'wallet_address', detector: 'evm_address', basis: 'format' };
  if (!NUMERIC_KEY.test(key) && isIP(text) !== 0) return { type: 'ip_address', detector: 'ip_pattern', basis: 'format' };
  if (SSN.test(text)) return { type: 'government_id', detector: 'ssn_pattern', basis: 'format' };
  if (GEO_PAIR.test(text)) return { type: 'precise_geo', detector: 'geo_pair', basis: 'format' };
  if (STREET.test(text)) return { type: 'postal_address', detector: 'street_pattern', basis: 'format' };
  if (WALLET_KEY.test(key) && BASE58_ADDRESS.test(text)) return { type: 'wallet_address', detector: 'base58_address', basis: 'key_name' };
  return null;
}

function keyDetection(text: string, key: string, parent: string): Detection | null {
  if (GEO_KEY.has(key) && /^-?\d+\.\d{3,}$/.test(text)) return { type: 'precise_geo', detector: 'geo_precision', basis: 'format' };
  const byKey = KEY_TYPES.find(([pattern]) => pattern.test(key));
  if (byKey) return { type: byKey[1], detector: byKey[2], basis: 'key_name' };
  if (key === 'name' && PERSON_PARENT.test(parent)) return { type: 'person_name', detector: 'name_key', basis: 'key_name' };
  if (FREE_TEXT_KEY.test(key) && /\s/.test(text.trim())) return { type: 'free_text', detector: 'free_text_key', basis: 'key_name' };
  return null;
}

/** Step 1: the personal-data type of one string or number, from its value first, then its field name. */
export function detect(value: string | number, key: string, parent: string): Detection | null {
  const text = String(value).trim();
  if (text === '') return null;
  const [k, p] = [norm(key), norm(parent)];
  return digitDetection(text, k) ?? (typeof value === 'string' ? valueDetection(text, k) : null) ?? keyDetection(text, k, p);
}

/** Step 3: keep what the purpose requires; minimize what it allows; remove what it does not need (hash identifiers a system may join on). */
const OPTIONAL_TRUNCATE: ReadonlySet<PiiType> = new Set(['ip_address', 'precise_geo', 'date_of_birth', 'government_id', 'card_pan', 'iban']);
const UNNECESSARY_HASH: ReadonlySet<PiiType> = new Set(['email', 'phone', 'wallet_address']);
export function recommend(type: PiiType, necessity: Finding['necessity'], declared: boolean): Recommendation {
  if (declared || necessity === 'required') return 'keep';
  if (necessity === 'optional') return OPTIONAL_TRUNCATE.has(type) ? 'truncate' : 'keep';
  return UNNECESSARY_HASH.has(type) ? 'hash' : 'drop';
}

/** Step 4: the first two and last two characters; values under 8 characters are masked whole, or they would show most of themselves. */
export function mask(value: string): string {
  if (value.length < 8) return '*'.repeat(value.length);
  return `${value.slice(0, 2)}${'*'.repeat(value.length - 4)}${value.slice(-2)}`;
}

interface Leaf {
  path: (string | number)[];
  value: string | number;
  key: string;
  parent: string;
}

/** Every string and number of the payload in document order, with the field name it sits under (an array item takes its array's name). */
function leaves(value: unknown, path: (string | number)[], key: string, parent: string, out: Leaf[]): Leaf[] {
  if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) out.push({ path, value, key, parent });
  else if (Array.isArray(value)) value.forEach((item, i) => leaves(item, [...path, i], key, parent, out));
  else if (isJsonObject(value)) for (const [k, v] of Object.entries(value)) leaves(v, [...path, k], k, key, out);
  return out;
}

const underAny = (path: string, pointers: readonly string[]) => pointers.some((p) => path === p || path.startsWith(`${p}/`));

const NEXT_ACTION: Record<Decision, string> = {
  sensitive_exposed: 'Do not send or store this payload: remove the card number, government id or date of birth the purpose does not need (card data belongs with a card processor), then apply the other recommendations and check again.',
  over_collected: 'Minimize before sending or storing: drop or hash the fields recommended so (minimized_field_count), or declare the ones you truly need in declared_needed, then check again.',
  minimal: 'The payload carries no personal data beyond what the purpose needs; send or store it as is.',
};

const LIMITATIONS = [
  'Detectors read whole values: personal data inside longer text (an email in a sentence) is reported only where the field is a note or comment.',
  'Key-name detectors depend on the field names used; unusual names are missed, and a field named like personal data is reported whatever it holds.',
  'The necessity table is ours (docs/tools/x402/commerce-pii-minimization-check.md); local law may require more or allow less.',
];

/** x402-commerce-pii-minimization-check (design sheet §47): walk, detect, judge necessity, recommend, then the decision in the sheet's order. */
export function analyzePiiCheck(input: PiiCheckInput): ToolOutput<PiiCheckResult> {
  const declared = input.declared_needed ?? [];
  const flags = new Set<string>();
  const limitations = [...LIMITATIONS];
  const findings: Finding[] = [];
  for (const leaf of leaves(input.payload, [], '', '', [])) {
    const detection = detect(leaf.value, leaf.key, leaf.parent);
    if (!detection) continue;
    const path = pointer(...leaf.path);
    const necessity = piiNecessity(input.purpose, detection.type);
    const isDeclared = underAny(path, declared);
    findings.push({ path, pii_type: detection.type, detector: detection.detector, basis: detection.basis, necessity, declared_needed: isDeclared, recommendation: recommend(detection.type, necessity, isDeclared), masked: mask(String(leaf.value)) });
  }

  const unnecessary = findings.filter((f) => f.necessity === 'unnecessary');
  const sensitive = unnecessary.filter((f) => PII_SENSITIVE_TYPES.includes(f.pii_type));
  const overCollected = unnecessary.filter((f) => !f.declared_needed);
  for (const f of unnecessary) flags.add(`unnecessary_${f.pii_type}`);
  if (unnecessary.some((f) => f.declared_needed)) flags.add('declared_beyond_purpose');
  const unmatched = declared.filter((p) => !findings.some((f) => underAny(f.path, [p])));
  if (unmatched.length > 0) {
    flags.add('declared_path_not_found');
    limitations.push(`${unmatched.length} declared_needed pointer(s) point at no personal value found (${unmatched.slice(0, 3).join(', ')}).`);
  }

  const decision: Decision = sensitive.length > 0 ? 'sensitive_exposed' : overCollected.length > 0 ? 'over_collected' : 'minimal';
  const driving = decision === 'sensitive_exposed' ? sensitive : overCollected;
  const confidence = decision === 'minimal' ? (findings.some((f) => f.basis === 'key_name') ? 'medium' : 'high') : driving.some((f) => f.basis !== 'key_name') ? 'high' : 'medium';
  const minimized = findings.filter((f) => f.recommendation !== 'keep').length;
  const types = (list: Finding[]) => [...new Set(list.map((f) => f.pii_type))].join(', ');
  const why: Record<Decision, string> = {
    sensitive_exposed: `${input.purpose} does not need ${types(sensitive)}, yet the payload carries it`,
    over_collected: `${overCollected.length} value(s) of types ${input.purpose} does not need (${types(overCollected)})`,
    minimal: `every personal value found (${findings.length}) is required or allowed for ${input.purpose}`,
  };
  const summary = `${decision}: ${why[decision]}; ${minimized} field(s) to minimize.`;
  return x402Answer({ decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations }, { findings, minimized_field_count: minimized });
}
