import pg from 'pg'
import type { TestProject } from 'vitest/node'

import { openDatabase } from '#server/db/client'

import { providePgliteTemplate } from '../support/pglite-template'
import { databaseName, withDatabase, workerDatabase } from './worker-database'

/**
 * PostgreSQL (TEST_DATABASE_URL): start from empty schemas and migrate once, before any worker connects, so the
 * suite also proves the migrations apply to a blank database; then each worker gets a copy of it to itself
 * (workerDatabaseUrl), as each worker has a PGlite of its own. PGlite: migrate once into a template that each
 * worker loads (under a second) instead of running initdb and the migrations itself (several seconds).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    await query(url, 'drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;')
    const database = await openDatabase({ databaseUrl: url })
    await database.close()
    const workers = Array.from({ length: project.config.maxWorkers }, (_, i) => workerDatabase(url, i + 1))
    // Connected to the server's maintenance database: a template may have no session open on it.
    const maintenance = withDatabase(url, 'postgres')
    for (const name of workers) {
      await query(maintenance, `drop database if exists ${name} with (force)`)
      await query(maintenance, `create database ${name} template ${databaseName(url)}`)
    }
    project.provide('pgliteTemplate', null)
    return async () => {
      for (const name of workers) await query(maintenance, `drop database if exists ${name} with (force)`)
    }
  }

  return providePgliteTemplate(project)
}

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}
