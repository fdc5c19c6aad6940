import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

/** The token secret: TOKEN_SECRET, or one generated once and kept in the data folder so sessions survive restarts. */
export async function leerSecretoToken(config: Config): Promise<string> {
  if (config.tokenSecret) return config.tokenSecret;
  const archivo = path.join(config.dataDir, 'token-secret');
  if (existsSync(archivo)) return (await readFile(archivo, 'utf8')).trim();
  await mkdir(config.dataDir, { recursive: true });
  const secreto = randomBytes(48).toString('base64url');
  await writeFile(archivo, secreto, { mode: 0o600 });
  return secreto;
}
