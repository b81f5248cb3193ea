import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { availableEngines, freshDatabase } from '../test/databases';

const engines = await availableEngines();

describe.each(engines)('closing the database on %s', (engine) => {
  it('lets a query still running finish instead of failing it', async () => {
    const database = await freshDatabase(engine);
    // Drizzle queries start when awaited: `then` starts this one now.
    const running = database.db.execute(sql`select pg_sleep(0.3), 42 as answer`).then((result) => result);
    // Closing starts while the query runs (a handler whose client hung up as the server stopped).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = database.close();
    const result = (await running) as unknown as { rows: { answer: number }[] };
    expect(result.rows[0]?.answer).toBe(42);
    await closed;
  });
});
