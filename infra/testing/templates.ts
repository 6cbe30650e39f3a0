import { cdkPath, type Assembly, type Template } from './synth';

/* eslint-disable @typescript-eslint/no-explicit-any */
export interface Found {
  stack: string;
  id: string;
  path: string;
  type: string;
  props: any;
  resource: Template['Resources'][string] & { DeletionPolicy?: string; UpdateReplacePolicy?: string };
}

/** Every resource of a type across the stage's stacks. */
export function all(assembly: Assembly, type: string): Found[] {
  const out: Found[] = [];
  for (const [stack, template] of Object.entries(assembly.templates)) {
    for (const [id, resource] of Object.entries(template.Resources)) {
      if (resource.Type === type) out.push({ stack, id, path: cdkPath(resource), type, props: resource.Properties ?? {}, resource });
    }
  }
  return out;
}

/** CDK's own helpers (custom resource providers) live under `Custom::` paths; ours do not. */
export function isCdkInternal(found: Found): boolean {
  return found.path.includes('Custom::') || found.path.startsWith('AWS');
}

/**
 * Replaces every `Fn::ImportValue` by what the exporting stack exports, tagged with that stack,
 * so a reference from the API stack to the table reads `{ stack: 'data', ref: { Fn::GetAtt: [...] } }`.
 */
export function resolveImports(assembly: Assembly, value: any): any {
  const exported = new Map<string, { stack: string; value: any }>();
  for (const [stack, template] of Object.entries(assembly.templates)) {
    for (const output of Object.values(template.Outputs ?? {})) {
      if (output.Export?.Name) exported.set(output.Export.Name, { stack, value: output.Value });
    }
  }
  const walk = (v: any): any => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const keys = Object.keys(v);
      if (keys.length === 1 && keys[0] === 'Fn::ImportValue') {
        const found = exported.get(v['Fn::ImportValue']);
        if (!found) throw new Error(`Unknown export ${v['Fn::ImportValue']}`);
        return { stack: found.stack, ref: walk(found.value) };
      }
      return Object.fromEntries(keys.map((k) => [k, walk(v[k])]));
    }
    return v;
  };
  return walk(value);
}

/** A reference to a resource, local (`{ stack, ref }`-free) or imported, as `{ stack, id }`. */
export function target(stack: string, value: any): { stack: string; id: string; attr?: string } | null {
  if (value && typeof value === 'object' && 'stack' in value && 'ref' in value) return target(value.stack, value.ref);
  if (value?.Ref) return { stack, id: value.Ref };
  if (value?.['Fn::GetAtt']) return { stack, id: value['Fn::GetAtt'][0], attr: value['Fn::GetAtt'][1] };
  return null;
}

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: any;
}

/** Each role of the stage with the statements of its inline and attached (AWS::IAM::Policy) policies. */
export function roles(assembly: Assembly): { key: string; stack: string; id: string; statements: Statement[]; managed: any[] }[] {
  return all(assembly, 'AWS::IAM::Role').map((role) => {
    const statements: Statement[] = [];
    for (const p of role.props.Policies ?? []) statements.push(...p.PolicyDocument.Statement);
    for (const policy of all(assembly, 'AWS::IAM::Policy')) {
      if (policy.stack !== role.stack) continue;
      if ((policy.props.Roles ?? []).some((r: any) => r.Ref === role.id)) statements.push(...policy.props.PolicyDocument.Statement);
    }
    const key = `${role.stack}/${role.path.replace(/\/Resource$/, '')}`;
    return { key, stack: role.stack, id: role.id, statements, managed: role.props.ManagedPolicyArns ?? [] };
  });
}

export function actionsOf(statements: Statement[]): string[] {
  return [...new Set(statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action])))].sort();
}

export function resourcesOf(s: Statement): any[] {
  return Array.isArray(s.Resource) ? s.Resource : [s.Resource];
}
