/**
 * `npm run policy-templates`: writes what IT imports to manage the app, generated from the one
 * settings schema (shared/policy-keys.ts), never by hand — ADMX and en-US ADML for Group Policy
 * and Intune, a macOS configuration profile, JSON Schemas for the Linux policy file and the admin
 * file. Into release/policy/ (or the folder given).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'plist';
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { POLICY_KEYS, type PolicyKey } from '../shared/policy-keys.ts';
import { preferenceSections } from '../shared/settings-schema.ts';
import { plainDescription } from '../shared/setting-descriptions.ts';
import { MACOS_BUNDLE_ID, REGISTRY_POLICY_KEY } from '../core/settings/policy-sources.ts';

const VERSION = '1.0';
/** What the three environment keys are, for IT; a setting is named from its path. */
const ENVIRONMENT_LABELS: Record<string, string> = {
  environments: 'Environments (JSON list, as in the admin file; never secrets)',
  defaultEnvironment: 'Active environment (an environment id, or mock)',
  lockEnvironments: 'Users cannot add, edit or delete environments of their own',
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** An ADMX name: letters, digits and underscores. */
const admxId = (key: string, layer = '') => `${key.replace(/[^A-Za-z0-9]/g, '_')}${layer}`;

/** "monitoring.quietHours.start" → "Monitoring: quiet hours, start (monitoring.quietHours.start)". */
export function policyLabel(entry: PolicyKey): string {
  const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const [section = '', ...rest] = entry.key.split('.');
  const label =
    ENVIRONMENT_LABELS[entry.key] ?? `${section.charAt(0).toUpperCase()}${section.slice(1)}: ${rest.map(words).join(', ')}`;
  return `${label} (${entry.key})`;
}

function explain(entry: PolicyKey): string {
  const type = entry.type;
  const what =
    type.kind === 'integer'
      ? `A whole number from ${type.min} to ${type.max}.`
      : type.kind === 'enum'
        ? `One of: ${type.options.join(', ')}.`
        : type.kind === 'boolean'
          ? 'Enabled means on, disabled means off.'
          : type.kind === 'json'
            ? 'JSON text.'
            : stringRule(type);
  const fallback = entry.defaultValue === undefined ? '' : ` Built-in default: ${JSON.stringify(entry.defaultValue)}.`;
  return `${plainDescription(entry.key)} ${what}${fallback} See docs/admin-file.md.`;
}

/** What a text policy accepts, in words: its format and length, as the schema checks them. */
function stringRule(type: Extract<PolicyKey['type'], { kind: 'string' }>): string {
  if (type.format === 'clockTime') return 'A time of day, HH:MM (24-hour).';
  const length = type.maxLength === undefined ? '' : ` At most ${type.maxLength} characters.`;
  const pattern = type.pattern === undefined ? '' : ` Must match ${type.pattern}.`;
  return `Text.${length}${pattern}`;
}

function admxElements(entry: PolicyKey, id: string): string {
  const type = entry.type;
  if (type.kind === 'boolean')
    return `<enabledValue><decimal value="1" /></enabledValue><disabledValue><decimal value="0" /></disabledValue>`;
  // ADMX's decimal is unsigned: a number that may be negative (an opening balance owed) is typed as text.
  if (type.kind === 'integer' && type.min >= 0)
    return `<elements><decimal id="${id}" valueName="${entry.key}" minValue="${type.min}" maxValue="${type.max}" /></elements>`;
  if (type.kind === 'enum') {
    const items = type.options
      .map((option) => `<item displayName="$(string.${id}_${admxId(option)})"><value><string>${option}</string></value></item>`)
      .join('');
    return `<elements><enum id="${id}" valueName="${entry.key}">${items}</enum></elements>`;
  }
  const maxLength = type.kind === 'json' ? 16384 : Math.min(type.kind === 'string' ? (type.maxLength ?? 1023) : 1023, 16384);
  return `<elements><text id="${id}" valueName="${entry.key}" maxLength="${maxLength}" /></elements>`;
}

/** Each setting twice: enforced (the key itself) and recommended (its Recommended subkey). */
const LAYERS = [
  { suffix: '', key: REGISTRY_POLICY_KEY, category: 'TimeclockTray' },
  { suffix: '_Recommended', key: `${REGISTRY_POLICY_KEY}\\Recommended`, category: 'TimeclockTrayRecommended' },
] as const;

export function admx(): string {
  const policies = LAYERS.flatMap((layer) =>
    POLICY_KEYS.map((entry) => {
      const id = admxId(entry.key, layer.suffix);
      const valueName = entry.type.kind === 'boolean' ? ` valueName="${entry.key}"` : '';
      const presentation = entry.type.kind === 'boolean' ? '' : ` presentation="$(presentation.${id})"`;
      return (
        `    <policy name="${id}" class="Both" displayName="$(string.${admxId(entry.key)})" explainText="$(string.${admxId(entry.key)}_Explain)"${presentation} key="${escapeXml(layer.key)}"${valueName}>\n` +
        `      <parentCategory ref="${layer.category}" /><supportedOn ref="SUPPORTED_1_0" />${admxElements(entry, id)}\n` +
        `    </policy>`
      );
    }),
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<policyDefinitions xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="${VERSION}" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions">
  <policyNamespaces><target prefix="timeclocktray" namespace="TimeclockTray.Policies" /></policyNamespaces>
  <resources minRequiredRevision="${VERSION}" />
  <supportedOn><definitions><definition name="SUPPORTED_1_0" displayName="$(string.SUPPORTED_1_0)" /></definitions></supportedOn>
  <categories>
    <category name="TimeclockTray" displayName="$(string.TimeclockTray)" />
    <category name="TimeclockTrayRecommended" displayName="$(string.TimeclockTrayRecommended)" />
  </categories>
  <policies>
${policies.join('\n')}
  </policies>
</policyDefinitions>
`;
}

function admlPresentation(entry: PolicyKey, id: string): string {
  const label = escapeXml(policyLabel(entry));
  if (entry.type.kind === 'integer' && entry.type.min >= 0)
    return `<presentation id="${id}"><decimalTextBox refId="${id}" defaultValue="${Number(entry.defaultValue)}">${label}</decimalTextBox></presentation>`;
  if (entry.type.kind === 'enum')
    return `<presentation id="${id}"><dropdownList refId="${id}">${label}</dropdownList></presentation>`;
  return `<presentation id="${id}"><textBox refId="${id}"><label>${label}</label></textBox></presentation>`;
}

export function adml(): string {
  const strings = [
    ['SUPPORTED_1_0', 'Timeclock Tray 1.0 and later'],
    ['TimeclockTray', 'Timeclock Tray'],
    ['TimeclockTrayRecommended', 'Timeclock Tray (recommended: users may change)'],
    ...POLICY_KEYS.flatMap((entry) => [
      [admxId(entry.key), policyLabel(entry)],
      [`${admxId(entry.key)}_Explain`, explain(entry)],
      ...(entry.type.kind === 'enum'
        ? entry.type.options.flatMap((option) =>
            LAYERS.map((layer) => [`${admxId(entry.key, layer.suffix)}_${admxId(option)}`, option]),
          )
        : []),
    ]),
  ].map(([id, text]) => `      <string id="${id}">${escapeXml(text!)}</string>`);
  const presentations = LAYERS.flatMap((layer) =>
    POLICY_KEYS.filter((entry) => entry.type.kind !== 'boolean').map(
      (entry) => `      ${admlPresentation(entry, admxId(entry.key, layer.suffix))}`,
    ),
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<policyDefinitionResources xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="${VERSION}" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions">
  <displayName>Timeclock Tray</displayName>
  <description>Policies for Timeclock Tray</description>
  <resources>
    <stringTable>
${strings.join('\n')}
    </stringTable>
    <presentationTable>
${presentations.join('\n')}
    </presentationTable>
  </resources>
</policyDefinitionResources>
`;
}

/** A profile with every setting at its built-in default (the environment keys left out): IT removes what it does not manage. */
export function mobileconfig(uuid: (name: string) => string = stableUuid): string {
  const settings = Object.fromEntries(
    POLICY_KEYS.filter((entry) => entry.defaultValue !== undefined && entry.defaultValue !== null).map((entry) => [
      entry.key,
      entry.defaultValue as never,
    ]),
  );
  return build({
    PayloadContent: [
      {
        PayloadType: MACOS_BUNDLE_ID,
        PayloadIdentifier: `${MACOS_BUNDLE_ID}.policy`,
        PayloadUUID: uuid('payload'),
        PayloadVersion: 1,
        PayloadDisplayName: 'Timeclock Tray',
        ...settings,
      },
    ],
    PayloadType: 'Configuration',
    PayloadIdentifier: `${MACOS_BUNDLE_ID}.profile`,
    PayloadUUID: uuid('profile'),
    PayloadVersion: 1,
    PayloadDisplayName: 'Timeclock Tray policies',
    PayloadScope: 'System',
  });
}

/** The same UUIDs on every run (a profile re-deployed replaces, not duplicates, the old one). */
function stableUuid(name: string): string {
  const hex = Buffer.from(`timeclocktray-${name}`).toString('hex').padEnd(32, '0').slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}

function jsonSchemaOf(entry: PolicyKey): Record<string, unknown> {
  const type = entry.type;
  const described = { description: `${policyLabel(entry)}: ${plainDescription(entry.key)}` };
  if (type.kind === 'boolean') return { ...described, type: 'boolean' };
  if (type.kind === 'integer') return { ...described, type: 'integer', minimum: type.min, maximum: type.max };
  if (type.kind === 'enum') return { ...described, enum: [...type.options] };
  if (type.kind === 'string')
    return {
      ...described,
      type: ['string', 'null'],
      ...(type.maxLength === undefined ? {} : { maxLength: type.maxLength }),
      ...(type.pattern === undefined ? {} : { pattern: type.pattern }),
    };
  return { ...described, type: ['array', 'object'] };
}

/** The Linux policy file: { enforced, recommended }, each a flat object of policy keys. */
export function policySchema(): Record<string, unknown> {
  const layer = {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(POLICY_KEYS.map((entry) => [entry.key, jsonSchemaOf(entry)])),
  };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Timeclock Tray policy (/etc/timeclock-tray/policy.json)',
    type: 'object',
    additionalProperties: false,
    properties: { $schema: { type: 'string' }, enforced: layer, recommended: layer },
  };
}

/** The admin file, from the same valibot schemas the app checks it with (custom checks left to the app). */
export function adminSchema(): Record<string, unknown> {
  const settings = v.partial(v.object(preferenceSections));
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Timeclock Tray admin file',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      environments: { type: 'array', items: { type: 'object' } },
      defaultEnvironment: { type: 'string' },
      settings: toJsonSchema(settings, { errorMode: 'ignore' }),
      locked: { type: 'array', items: { type: 'string' } },
    },
  };
}

export function writePolicyTemplates(folder: string): string[] {
  const files: Record<string, string> = {
    'windows/TimeclockTray.admx': admx(),
    'windows/en-US/TimeclockTray.adml': adml(),
    'macos/timeclock-tray.mobileconfig': mobileconfig(),
    'linux/policy.schema.json': `${JSON.stringify(policySchema(), null, 2)}\n`,
    'admin.schema.json': `${JSON.stringify(adminSchema(), null, 2)}\n`,
  };
  return Object.entries(files).map(([name, content]) => {
    const path = join(folder, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    return path;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const path of writePolicyTemplates(process.argv[2] ?? 'release/policy')) console.log(path);
}
