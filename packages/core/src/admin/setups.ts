import type { AbilityRule } from '@ev/shared/permissions';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { REGISTRIES } from '@ev/shared/registries/index';
import { AdminTexts, type SetupComparison, type SetupDifference } from '@ev/shared/schemas/admin';
import { runAs } from '../context';
import { DomainError } from '../errors';
import { Messages } from '../messages';
import { Profiles } from '../profiles';
import { Registries, type RegistryRecord } from '../registries';
import { Tenants } from '../tenants';

/**
 * Compare and copy setups between two companies (issue 42 item 5, docs/admin.md "Compare and copy
 * setups"): the registries' records (each registry by its natural key, references by the name of
 * what they point to), the profiles and their abilities (by name), the WhatsApp templates (by name
 * and language) and the company's settings (by group). Copying writes through each module's own service, as the target company (system work:
 * its rules, guards, lists and references as any write), references remapped to the target's ids.
 */

/** One comparable thing: its section, its key in the section, what it is called, and its fields as compared. */
interface Entry {
  key: string;
  label: string;
  fields: Record<string, unknown>;
}

interface Side {
  registries: Map<string, RegistryRecord[]>;
  templates: Awaited<ReturnType<typeof Messages.templatesOfCompany>>;
  profiles: Awaited<ReturnType<typeof Tenants.profiles>>;
  settings: Record<string, Record<string, unknown>>;
  version: number;
}

const SETTINGS = 'settings';
const PROFILES = 'profiles';
const TEMPLATES = 'message-templates';
/** What a template is made of (its status and review are the company's own with Meta: not compared). */
const TEMPLATE_FIELDS = ['category', 'header', 'headerExample', 'body', 'bodyExamples', 'footer', 'buttons'] as const;
const registrySection = (name: string) => `registries:${name}`;

/** A company's setup as the comparison reads it. */
async function read(tenantId: string): Promise<Side> {
  return runAs({ tenantId }, async () => {
    const [lists, profiles, tenant, templates] = await Promise.all([Promise.all(REGISTRIES.map((def) => Registries.all(def, 10_000))), Tenants.profiles(), Tenants.tenant(tenantId), Messages.templatesOfCompany()]);
    if (!tenant) throw new DomainError('not_found', AdminTexts.companyNotFound(), 'not_found');
    return {
      registries: new Map(REGISTRIES.map((def, i) => [def.name, lists[i]!])),
      profiles,
      templates,
      settings: tenant.settings as unknown as Record<string, Record<string, unknown>>,
      version: tenant.version,
    };
  });
}

const keyOf = (def: RegistryDefinition, r: RegistryRecord) => def.naturalKey.normalize(String(r[def.naturalKey.field] ?? ''));
const defOf = (name: string) => REGISTRIES.find((d) => d.name === name)!;

/** The fields a registry record is compared by: what its form takes, a reference as the natural key of what it points to. */
function registryEntries(def: RegistryDefinition, side: Side): Entry[] {
  return (side.registries.get(def.name) ?? []).map((r) => {
    const fields: Record<string, unknown> = {};
    for (const name of Object.keys(def.input.shape)) {
      const spec = def.fields[name];
      if (spec?.type === 'reference' && spec.registry) {
        const target = (side.registries.get(spec.registry) ?? []).find((x) => x.id === r[name]);
        fields[name] = target ? String(target[defOf(spec.registry).naturalKey.field]) : null;
      } else fields[name] = r[name] ?? null;
    }
    return { key: keyOf(def, r), label: String(r[def.naturalKey.field]), fields };
  });
}

function profileEntries(side: Side): Entry[] {
  return side.profiles.map((p) => ({
    key: p.name.trim().toLowerCase(),
    label: p.name,
    fields: { rules: p.rules, financialReleaseAuthorizer: p.financialReleaseAuthorizer ?? false, active: p.active },
  }));
}

/** The WhatsApp templates by name and language, by their content. */
function templateEntries(side: Side): Entry[] {
  return side.templates.map((t) => ({
    key: `${t.name}|${t.language}`,
    label: `${t.name} (${t.language})`,
    fields: Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f, (t as Record<string, unknown>)[f] ?? null])),
  }));
}

/** The settings by group (sales, clients, ...): each group compared field by field and copied whole. */
function settingsEntries(side: Side): Entry[] {
  return Object.entries(side.settings)
    .filter(([, values]) => values && typeof values === 'object' && !Array.isArray(values))
    .map(([group, values]) => ({ key: group, label: group, fields: { ...values } }));
}

/** Every section of a side: registries first (in the order they depend on each other), then profiles and settings. */
function sectionsOf(side: Side): { section: string; label: string; entries: Entry[] }[] {
  return [
    ...REGISTRIES.map((def) => ({ section: registrySection(def.name), label: def.title, entries: registryEntries(def, side) })),
    { section: PROFILES, label: 'Perfis e permissões', entries: profileEntries(side) },
    { section: TEMPLATES, label: 'Modelos de mensagem', entries: templateEntries(side) },
    { section: SETTINGS, label: 'Configurações', entries: settingsEntries(side) },
  ];
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y))) : v));
}

function differencesOf(source: Entry, target: Entry, labels: Record<string, string>): SetupDifference[] {
  return [...new Set([...Object.keys(source.fields), ...Object.keys(target.fields)])]
    .filter((f) => !same(source.fields[f], target.fields[f]))
    .map((f) => ({ field: f, label: labels[f] ?? f, source: source.fields[f] ?? null, target: target.fields[f] ?? null }));
}

function labelsOf(section: string): Record<string, string> {
  if (section.startsWith('registries:')) {
    const def = defOf(section.slice('registries:'.length));
    return Object.fromEntries(Object.entries(def.fields).map(([k, spec]) => [k, spec.label]));
  }
  if (section === PROFILES) return { rules: 'Permissões', financialReleaseAuthorizer: 'Autorizador de liberação financeira', active: 'Ativo' };
  if (section === TEMPLATES) return { category: 'Categoria', header: 'Cabeçalho', headerExample: 'Exemplo do cabeçalho', body: 'Corpo', bodyExamples: 'Exemplos do corpo', footer: 'Rodapé', buttons: 'Botões' };
  return {};
}

/** Two companies side by side: what exists in one only and what differs, field by field (what is the same is counted). */
export async function compareSetups(sourceId: string, targetId: string): Promise<SetupComparison> {
  const [source, target, sourceTenant, targetTenant] = await Promise.all([read(sourceId), read(targetId), Tenants.tenant(sourceId), Tenants.tenant(targetId)]);
  const targetSections = new Map(sectionsOf(target).map((s) => [s.section, s]));
  const sections = sectionsOf(source).map((s) => {
    const theirs = new Map(targetSections.get(s.section)!.entries.map((e) => [e.key, e]));
    const mine = new Map(s.entries.map((e) => [e.key, e]));
    const labels = labelsOf(s.section);
    const items: SetupComparison['sections'][number]['items'] = [];
    let equal = 0;
    for (const e of s.entries) {
      const other = theirs.get(e.key);
      if (!other) items.push({ key: e.key, label: e.label, state: 'only_source', differences: [] });
      else {
        const differences = differencesOf(e, other, labels);
        if (differences.length) items.push({ key: e.key, label: e.label, state: 'differs', differences });
        else equal++;
      }
    }
    for (const e of theirs.values()) if (!mine.has(e.key)) items.push({ key: e.key, label: e.label, state: 'only_target', differences: [] });
    items.sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
    return { section: s.section, label: s.label, equal, items };
  });
  return { source: { id: sourceId, name: sourceTenant!.name }, target: { id: targetId, name: targetTenant!.name }, sections };
}

const sourceTemplate = (side: Side, key: string) => side.templates.find((t) => `${t.name}|${t.language}` === key)!;

export interface CopyChoice {
  section: string;
  key: string;
}

/**
 * Copies the chosen items from `sourceId` to `targetId`: one missing in the target is created, one
 * that differs is written over only when `overwrite` names it (409 listing them otherwise, nothing
 * written). A registry record's references are remapped to the target's record of the same natural
 * key, copied in the same step when chosen too (registries are written in dependency order); a
 * reference the target cannot resolve refuses the whole copy (409), nothing written.
 */
export async function copySetups(sourceId: string, targetId: string, choices: CopyChoice[], overwrite: CopyChoice[], by: string): Promise<{ created: number; updated: number; items: { section: string; key: string; label: string; action: 'created' | 'updated' }[] }> {
  const [source, target] = await Promise.all([read(sourceId), read(targetId)]);
  const sourceSections = new Map(sectionsOf(source).map((s) => [s.section, s]));
  const targetSections = new Map(sectionsOf(target).map((s) => [s.section, s]));
  const chosen = new Set(choices.map((c) => `${c.section}\u0000${c.key}`));
  const confirmed = new Set(overwrite.map((c) => `${c.section}\u0000${c.key}`));
  const plan: { section: string; entry: Entry; existing?: Entry }[] = [];
  const unknown: string[] = [];
  const unconfirmed: string[] = [];
  for (const c of choices) {
    const entry = sourceSections.get(c.section)?.entries.find((e) => e.key === c.key);
    if (!entry) {
      unknown.push(`${c.section}: ${c.key}`);
      continue;
    }
    const existing = targetSections.get(c.section)!.entries.find((e) => e.key === c.key);
    if (existing && same(existing.fields, entry.fields)) continue;
    if (existing && !confirmed.has(`${c.section}\u0000${c.key}`)) unconfirmed.push(`${sourceSections.get(c.section)!.label}: ${entry.label}`);
    plan.push({ section: c.section, entry, existing });
  }
  // A template is reviewed by Meta for its account: one the target has is edited there, never written over from here.
  const templatesOver = plan.filter((p) => p.section === TEMPLATES && p.existing).map((p) => p.entry.label);
  if (templatesOver.length) throw new DomainError('admin.copy_template_exists', AdminTexts.copyTemplateExists({ items: templatesOver.join('; ') }), 'conflict');
  if (unknown.length) throw new DomainError('admin.copy_unknown', AdminTexts.copyUnknown({ items: unknown.join('; ') }), 'validation', { fields: [{ field: 'items', ...AdminTexts.copyUnknown({ items: unknown.join('; ') }) }] });
  if (unconfirmed.length) throw new DomainError('admin.copy_overwrite', AdminTexts.copyOverwrite({ items: unconfirmed.join('; ') }), 'conflict');
  // Every reference must resolve in the target: to a record it has, or to one copied with it.
  const missing: string[] = [];
  for (const p of plan.filter((x) => x.section.startsWith('registries:'))) {
    const def = defOf(p.section.slice('registries:'.length));
    for (const [name, spec] of Object.entries(def.fields)) {
      if (spec.type !== 'reference' || !spec.registry || !(name in def.input.shape)) continue;
      const value = p.entry.fields[name];
      if (value === null || value === undefined) continue;
      const refDef = defOf(spec.registry);
      const refKey = refDef.naturalKey.normalize(String(value));
      const inTarget = (target.registries.get(spec.registry) ?? []).some((r) => keyOf(refDef, r) === refKey);
      if (!inTarget && !chosen.has(`${registrySection(spec.registry)}\u0000${refKey}`)) missing.push(AdminTexts.copyMissingReference({ item: p.entry.label, field: spec.label, value: String(value) }).message);
    }
  }
  if (missing.length) throw new DomainError('admin.copy_reference', AdminTexts.copyReferences({ items: missing.join(' ') }), 'conflict');

  // Templates go to the target's WhatsApp account: it must be set up before anything is written.
  if (plan.some((p) => p.section === TEMPLATES)) await runAs({ tenantId: targetId }, () => Messages.assertReady());
  const done: { section: string; key: string; label: string; action: 'created' | 'updated' }[] = [];
  await runAs({ tenantId: targetId }, async () => {
    // The target's records by registry and natural key, kept up to date as records are copied.
    const ids = new Map<string, Map<string, string>>(REGISTRIES.map((def) => [def.name, new Map((target.registries.get(def.name) ?? []).map((r) => [keyOf(def, r), r.id]))]));
    for (const def of REGISTRIES) {
      for (const p of plan.filter((x) => x.section === registrySection(def.name))) {
        const input: Record<string, unknown> = {};
        for (const [name, value] of Object.entries(p.entry.fields)) {
          const spec = def.fields[name];
          input[name] = spec?.type === 'reference' && spec.registry && value !== null ? ids.get(spec.registry)!.get(defOf(spec.registry).naturalKey.normalize(String(value))) : value;
        }
        const current = (target.registries.get(def.name) ?? []).find((r) => keyOf(def, r) === p.entry.key);
        const saved = current ? await Registries.update(def, current.id, { ...input, version: current.version }) : await Registries.create(def, input);
        ids.get(def.name)!.set(p.entry.key, saved.id);
        done.push({ section: p.section, key: p.entry.key, label: p.entry.label, action: current ? 'updated' : 'created' });
      }
    }
    for (const p of plan.filter((x) => x.section === PROFILES)) {
      const current = target.profiles.find((x) => x.name.trim().toLowerCase() === p.entry.key);
      const fields = p.entry.fields as { rules: AbilityRule[]; financialReleaseAuthorizer: boolean };
      if (current) await Profiles.update(current.id, { name: current.name, rules: fields.rules, financialReleaseAuthorizer: fields.financialReleaseAuthorizer, version: current.version });
      else await Profiles.create({ name: p.entry.label, rules: fields.rules, financialReleaseAuthorizer: fields.financialReleaseAuthorizer });
      done.push({ section: PROFILES, key: p.entry.key, label: p.entry.label, action: current ? 'updated' : 'created' });
    }
    for (const p of plan.filter((x) => x.section === TEMPLATES)) {
      const template = sourceTemplate(source, p.entry.key);
      await Messages.copyTemplate({ name: template.name, language: template.language, ...p.entry.fields }, by);
      done.push({ section: TEMPLATES, key: p.entry.key, label: p.entry.label, action: 'created' });
    }
    const groups = plan.filter((x) => x.section === SETTINGS);
    if (groups.length) {
      const before = (await Tenants.tenant(targetId))!;
      const settings = { ...(before.settings as unknown as Record<string, unknown>) };
      for (const g of groups) settings[g.entry.key] = g.entry.fields;
      await Tenants.updatePlatform(before, { ...before, settings: settings as unknown as typeof before.settings });
      for (const g of groups) done.push({ section: SETTINGS, key: g.entry.key, label: g.entry.label, action: 'updated' });
    }
  });
  return { created: done.filter((d) => d.action === 'created').length, updated: done.filter((d) => d.action === 'updated').length, items: done };
}
