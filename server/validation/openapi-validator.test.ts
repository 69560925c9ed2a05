// The library's multipart uploader is left off only where no operation takes a multipart body.
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { apiDocument } from '../spec.ts';
import { declaresMultipart, libraryPass } from './openapi-validator.ts';

const uploadDoc = {
  openapi: '3.1.0',
  info: { title: 'upload', version: '1' },
  paths: {
    '/files': {
      post: {
        operationId: 'upload',
        requestBody: { $ref: '#/components/requestBodies/File' },
        responses: { '204': { description: 'stored' } },
      },
    },
  },
  components: {
    requestBodies: {
      File: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } } },
    },
  },
};

describe('declaresMultipart', () => {
  it.each(['exchange', 'merchant', 'partner', 'sandbox'] as const)('is false for the %s document (no multipart body)', (id) => {
    expect(declaresMultipart(apiDocument(id))).toBe(false);
  });

  it('is true for a multipart body behind a $ref', () => {
    expect(declaresMultipart(uploadDoc)).toBe(true);
  });

  it('a document with a multipart body keeps the uploader: its fields reach the check', async () => {
    const pass = libraryPass(uploadDoc, { responses: false });
    const app = express();
    app.post('/files', (req, res) => {
      pass.validate('upload', req, res, (err?: unknown) => {
        if (err) res.status(400).json({ error: String((err as Error).message ?? err) });
        else res.status(200).json(req.body);
      });
    });
    const ok = await request(app).post('/files').field('name', 'a.txt');
    expect([ok.status, ok.body]).toEqual([200, { name: 'a.txt' }]);
    const missing = await request(app).post('/files').field('other', 'x');
    expect(missing.status).toBe(400);
  });
});
