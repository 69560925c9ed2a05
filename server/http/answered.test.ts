// One arrival stamp and one patched `end` tell every observer once per answered request.
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { answeredRequests } from './answered.ts';

function appWith() {
  const told: string[] = [];
  const app = express();
  const arrived = answeredRequests(app, [
    (res, ms) => told.push(`first ${res.req.method} ${res.req.originalUrl} ${res.statusCode} ${ms >= 0}`),
    (res) => told.push(`second ${res.statusCode}`),
  ]);
  app.get('/unstamped', (_req, res) => void res.status(204).end());
  app.use((_req, res, next) => {
    arrived(res);
    next();
  });
  app.get('/twice', (_req, res) => {
    res.status(200).end('a');
    res.end(); // ended again: told once
  });
  app.get('/json', (_req, res) => void res.status(201).json({ ok: true }));
  return { app, told };
}

describe('answeredRequests', () => {
  it('tells each observer, in order, once per stamped answer, with its status and a non-negative time', async () => {
    const { app, told } = appWith();
    await request(app).get('/json').expect(201);
    await request(app).get('/twice').expect(200);
    expect(told).toEqual(['first GET /json 201 true', 'second 201', 'first GET /twice 200 true', 'second 200']);
  });

  it('tells nobody about a response whose arrival was not stamped', async () => {
    const { app, told } = appWith();
    await request(app).get('/unstamped').expect(204);
    expect(told).toEqual([]);
  });

  it('patches only its own app: another app in the process is not observed', async () => {
    const { told } = appWith();
    const other = express();
    other.get('/x', (_req, res) => void res.status(200).end('x'));
    await request(other).get('/x').expect(200);
    expect(told).toEqual([]);
  });
});
