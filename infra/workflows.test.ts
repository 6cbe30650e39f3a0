import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from './config';

/* eslint-disable @typescript-eslint/no-explicit-any */
const workflow = (name: string): any => parse(fs.readFileSync(path.join(REPO_ROOT, '.github/workflows', name), 'utf8'));
const runs = (job: any): string => job.steps.map((s: any) => s.run ?? '').join('\n');
const uses = (job: any): string[] => job.steps.map((s: any) => s.uses).filter(Boolean);

describe('pipelines', () => {
  it('CI runs the test command on every push and pull request', () => {
    const ci = workflow('ci.yml');
    expect('push' in ci.on && !ci.on.push?.branches).toBe(true);
    expect('pull_request' in ci.on).toBe(true);
    expect(runs(ci.jobs.test)).toMatch(/\.ci\/run|npm test/);
  });

  it('deploys stage pr-<number> on a pull request, comments its URL, destroys it on close, one concurrency group per pull request', () => {
    const wf = workflow('preview.yml');
    expect(wf.on.pull_request.types).toEqual(expect.arrayContaining(['opened', 'synchronize', 'reopened', 'closed']));
    expect(wf.permissions['id-token']).toBe('write');
    expect(wf.permissions['pull-requests']).toBe('write');
    expect(wf.concurrency.group).toContain('${{ github.event.pull_request.number }}');
    expect(wf.concurrency['cancel-in-progress']).toBe(false);
    expect(wf.env.STAGE).toBe('pr-${{ github.event.pull_request.number }}');

    const deploy = wf.jobs.deploy;
    expect(deploy.if).toContain("!= 'closed'");
    expect(runs(deploy)).toContain('npm run deploy -- -c stage=$STAGE');
    expect(uses(deploy)).toContain('aws-actions/configure-aws-credentials@v4');
    const comment = deploy.steps.find((s: any) => String(s.uses).startsWith('actions/github-script'));
    expect(comment.with.script).toMatch(/createComment|updateComment/);
    expect(comment.with.script).toContain('.Url');

    const destroy = wf.jobs.destroy;
    expect(destroy.if).toContain("== 'closed'");
    expect(runs(destroy)).toContain('npm run destroy -w @ev/infra -- -c stage=$STAGE');
  });

  it('deploys prod from main only after CI passed', () => {
    const wf = workflow('deploy.yml');
    expect(wf.on.workflow_run).toEqual({ workflows: ['ci'], types: ['completed'], branches: ['main'] });
    expect(wf.permissions['id-token']).toBe('write');
    expect(wf.jobs.deploy.if).toContain("github.event.workflow_run.conclusion == 'success'");
    expect(runs(wf.jobs.deploy)).toContain('npm run deploy -- -c stage=prod');
    expect(wf.concurrency.group).toBe('deploy-prod');
  });

  it('uses OIDC, never stored AWS keys', () => {
    for (const name of ['preview.yml', 'deploy.yml']) {
      const text = fs.readFileSync(path.join(REPO_ROOT, '.github/workflows', name), 'utf8');
      expect(text, name).not.toMatch(/AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY|aws-access-key-id/);
      const wf = workflow(name);
      for (const job of Object.values<any>(wf.jobs)) {
        const creds = job.steps.find((s: any) => String(s.uses).startsWith('aws-actions/configure-aws-credentials'));
        expect(creds.with['role-to-assume'], name).toBeDefined();
      }
    }
  });

  it('deploys previews and production with two roles, each in its GitHub environment (the roles’ trust pins it: infra/access.ts)', () => {
    const expected = { 'preview.yml': ['preview', '${{ vars.AWS_PREVIEW_ROLE_ARN }}'], 'deploy.yml': ['production', '${{ vars.AWS_PRODUCTION_ROLE_ARN }}'] } as const;
    for (const [name, [environment, role]] of Object.entries(expected)) {
      for (const job of Object.values<any>(workflow(name).jobs)) {
        expect(job.environment, name).toBe(environment);
        expect(job.steps.find((s: any) => String(s.uses).startsWith('aws-actions/configure-aws-credentials')).with['role-to-assume'], name).toBe(role);
      }
    }
  });
});
