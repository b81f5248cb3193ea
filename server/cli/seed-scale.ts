import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedScale } from '../seed/scale';
import { exitWithFailure } from './failure';

/**
 * `npm run seed:scale`: fills the configured database (DATA_DIR's PGlite, or DATABASE_URL) with the catalogue at
 * scale: 50 categories x 20 subcategories, one subcategory with 20,000 brands, 200,000 models and 5,000
 * events. The operator of SEED_OPERATOR_EMAIL / SEED_OPERATOR_PASSWORD can sign in to it. Adds to what is there.
 */
try {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    console.log(
      `Seeding the scale catalogue into ${'url' in config.database ? 'DATABASE_URL' : 'dataDir' in config.database ? config.database.dataDir : 'memory'}...`,
    );
    const summary = await seedScale(database.db, {
      operator: { email: config.seed.operatorEmail, password: config.seed.operatorPassword, tokens: 2_500_000 },
    });
    console.log(
      `Seeded ${summary.categories} categories, ${summary.subcategories} subcategories, ${summary.brands} brands ` +
        `(subcategory ${summary.largeSubcategoryId} is the large one), ` +
        `${summary.equipments} models and ${summary.events} events in ${(summary.milliseconds / 1000).toFixed(1)} s ` +
        `(${database.engine}). Log in as ${config.seed.operatorEmail}.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  exitWithFailure(error);
}
