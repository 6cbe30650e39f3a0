import { describe, expect, it } from 'vitest';
import { ApiEnvSchema, JobsEnvSchema, parseLambdaEnv } from './env';
import { fromCloudFront, ORIGIN_VERIFY_HEADER, trustedHeaders } from './origin';

const base = {
  TABLE_NAME: 'ev-table',
  AWS_REGION: 'sa-east-1',
  APP_SECRET_ARN: 'arn:aws:secretsmanager:sa-east-1:1:secret:app',
  FILES_BUCKET: 'ev-files',
  QUEUE_URLS: JSON.stringify({ email: 'https://sqs.sa-east-1.amazonaws.com/1/email' }),
  EMAIL_FROM: 'Escritório Virtual <no-reply@example.com>',
};

describe('Lambda environment', () => {
  it('parses a complete environment', () => {
    const api = parseLambdaEnv(ApiEnvSchema, { ...base, ORIGIN_VERIFY_SECRET_ARN: 'arn:origin' }, 'api');
    expect(api.QUEUE_URLS).toEqual({ email: 'https://sqs.sa-east-1.amazonaws.com/1/email' });
    expect(parseLambdaEnv(JobsEnvSchema, { ...base, MAX_RECEIVE_COUNT: '5' }, 'jobs').MAX_RECEIVE_COUNT).toBe(5);
  });

  it('fails fast naming every missing or malformed variable', () => {
    expect(() => parseLambdaEnv(ApiEnvSchema, { ...base, TABLE_NAME: undefined }, 'api')).toThrow(
      'Invalid environment of the api Lambda: TABLE_NAME is missing; ORIGIN_VERIFY_SECRET_ARN is missing',
    );
    expect(() => parseLambdaEnv(JobsEnvSchema, { ...base, QUEUE_URLS: 'nope', MAX_RECEIVE_COUNT: '0' }, 'jobs')).toThrow(/QUEUE_URLS: must be JSON; MAX_RECEIVE_COUNT: /);
    expect(() => parseLambdaEnv(JobsEnvSchema, { ...base, QUEUE_URLS: '{"email":"not a url"}', MAX_RECEIVE_COUNT: '3' }, 'jobs')).toThrow(/QUEUE_URLS/);
    expect(() => parseLambdaEnv(JobsEnvSchema, { ...base, QUEUE_URLS: '{}', MAX_RECEIVE_COUNT: '3' }, 'jobs')).toThrow(/QUEUE_URLS: needs at least one queue/);
  });
});

describe('origin check', () => {
  it('accepts only the secret CloudFront sends, and strips it and any client-made address header', () => {
    expect(fromCloudFront({ [ORIGIN_VERIFY_HEADER]: 's3cr3t' }, 's3cr3t')).toBe(true);
    expect(fromCloudFront({ [ORIGIN_VERIFY_HEADER]: 's3cr3T' }, 's3cr3t')).toBe(false);
    expect(fromCloudFront({ [ORIGIN_VERIFY_HEADER]: 's3cr3' }, 's3cr3t')).toBe(false);
    expect(fromCloudFront({}, 's3cr3t')).toBe(false);
    expect(fromCloudFront({ [ORIGIN_VERIFY_HEADER]: '' }, '')).toBe(false);
    expect(
      trustedHeaders({ [ORIGIN_VERIFY_HEADER]: 'x', 'x-ev-client-address': '1.2.3.4', 'cloudfront-viewer-address': '5.6.7.8:443', authorization: 'Bearer t' }),
    ).toEqual({ 'cloudfront-viewer-address': '5.6.7.8:443', authorization: 'Bearer t' });
  });
});
