import { GetSecretValueCommand, SecretsManagerClient, type SecretsManagerClientConfig } from '@aws-sdk/client-secrets-manager';

/**
 * Reads a secret's string from Secrets Manager (the Lambda entries call it once per cold start).
 * Fails with a message naming the secret, never its value.
 */
export async function readSecretString(secretId: string, clientConfig: SecretsManagerClientConfig = {}, versionStage?: string): Promise<string> {
  const client = new SecretsManagerClient({ maxAttempts: 4, ...clientConfig });
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: secretId, ...(versionStage ? { VersionStage: versionStage } : {}) }));
    if (typeof out.SecretString !== 'string' || out.SecretString.length === 0) {
      throw new Error(`Secret ${secretId} has no string value`);
    }
    return out.SecretString;
  } finally {
    client.destroy();
  }
}
