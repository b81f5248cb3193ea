import { sql, type SQL } from 'drizzle-orm';
import { modelTypes, statusNames } from '../../contract/statuses';
import { upsertOperator } from '../auth/users';
import type { Database, Executor } from '../db/client';
import { changeBalance, readBalance } from '../tokens/ledger';
import { ledgerDescriptions } from '../tokens/descriptions';
import { demoBrandLogos } from './demo';

/**
 * The catalogue at scale (docs/figures.md#scale): 50 categories x 20 subcategories, one subcategory with 20,000 brands,
 * 200,000 equipment items and 5,000 events, with statuses, generation runs and exclusions around them. Built with
 * set-based INSERT ... SELECT over generate_series, so it takes seconds, not minutes, on PGlite as on PostgreSQL.
 * It adds to whatever the database already holds.
 */
export interface ScaleOptions {
  categories: number;
  subcategoriesPerCategory: number;
  /** Brands of the one large subcategory (the first subcategory of the first category seeded). */
  largeSubcategoryBrands: number;
  /** Brands of every other subcategory. */
  brandsPerSubcategory: number;
  /** Models of each brand of the large subcategory; the other brands share the rest evenly. */
  modelsPerLargeBrand: number;
  equipments: number;
  events: number;
  /** How many brands (of the large subcategory first) have an equipment-generation status. */
  brandStatuses: number;
  excludedEquipments: number;
  excludedBrands: number;
  /** The operator to sign in with: created (or given this password), and given `tokens` when its balance is 0. */
  operator?: { email: string; password: string; tokens: number };
}

export const defaultScaleOptions: ScaleOptions = {
  categories: 50,
  subcategoriesPerCategory: 20,
  largeSubcategoryBrands: 20_000,
  brandsPerSubcategory: 10,
  modelsPerLargeBrand: 5,
  equipments: 200_000,
  events: 5_000,
  brandStatuses: 2_000,
  excludedEquipments: 500,
  excludedBrands: 100,
};

export interface ScaleSummary {
  largeSubcategoryId: number;
  largeCategoryId: number;
  categories: number;
  subcategories: number;
  brands: number;
  equipments: number;
  events: number;
  statuses: number;
  milliseconds: number;
}

const words = [
  'Apex',
  'Nordic',
  'Titan',
  'Vertex',
  'Atlas',
  'Summit',
  'Pioneer',
  'Orion',
  'Falcon',
  'Granite',
  'Harbor',
  'Ironwood',
  'Juniper',
  'Keystone',
  'Lumen',
  'Meridian',
  'Nova',
  'Oakridge',
  'Polar',
  'Quantum',
  'Redline',
  'Sierra',
  'Tundra',
  'Unity',
  'Vanguard',
  'Westfield',
  'Xenon',
  'Yukon',
  'Zenith',
  'Beacon',
  'Cobalt',
  'Delta',
  'Ember',
  'Frontier',
  'Glacier',
  'Horizon',
  'Insignia',
  'Jade',
  'Kinetic',
  'Legacy',
];
const industries = [
  'Construction',
  'Agricultural',
  'Medical',
  'Industrial',
  'Marine',
  'Mining',
  'Forestry',
  'Fitness',
  'Laboratory',
  'Restaurant',
  'Printing',
  'Packaging',
  'Textile',
  'Welding',
  'Aviation',
];
const kinds = ['Machines', 'Industries', 'Works', 'Systems', 'Engineering', 'Dynamics', 'Motors', 'Tools'];
const lines = [
  'Loaders',
  'Pumps',
  'Compressors',
  'Generators',
  'Conveyors',
  'Mixers',
  'Cutters',
  'Drills',
  'Presses',
  'Scanners',
  'Analyzers',
  'Lifts',
  'Cranes',
  'Trailers',
  'Sprayers',
  'Dryers',
  'Boilers',
  'Valves',
  'Sensors',
  'Robots',
];
/** A text[] literal, parenthesised so that it can be subscripted. */
const textArray = (list: string[]) => sql.raw(`(array[${list.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[])`);
const statusCycle = textArray([
  statusNames.generated,
  statusNames.noNewResults,
  statusNames.generated,
  statusNames.failed,
  statusNames.generated,
  statusNames.insufficientTokens,
  statusNames.generated,
  statusNames.inProgress,
]);

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function one<T>(db: Executor, query: SQL): Promise<T> {
  const [row] = rowsOf<T>(await db.execute(query));
  if (!row) throw new Error('seed:scale: a query answered no row');
  return row;
}

/** Seeds the scale catalogue (and the operator when given). Answers what it made and how long it took. */
export async function seedScale(db: Database, partial: Partial<ScaleOptions> = {}): Promise<ScaleSummary> {
  const o: ScaleOptions = { ...defaultScaleOptions, ...partial };
  const started = performance.now();
  const otherSubcategories = o.categories * o.subcategoriesPerCategory - 1;
  const largeModels = o.largeSubcategoryBrands * o.modelsPerLargeBrand;
  const otherBrands = otherSubcategories * o.brandsPerSubcategory;
  const modelsPerOtherBrand = otherBrands > 0 ? Math.floor(Math.max(0, o.equipments - largeModels) / otherBrands) : 0;
  const extraModels = Math.max(0, o.equipments - largeModels - modelsPerOtherBrand * otherBrands);
  const eventsPerCategory = Math.floor(o.events / o.categories);
  const extraEvents = o.events - eventsPerCategory * o.categories;

  const summary = await db.transaction(async (tx) => {
    let operatorId: number | null = null;
    if (o.operator) {
      const { id, created } = await upsertOperator(tx, { email: o.operator.email, password: o.operator.password, name: 'Scale Operator' });
      const balance = await readBalance(tx, id);
      if ((created || balance?.tokens === 0) && o.operator.tokens > 0) {
        await changeBalance(tx, {
          userId: id,
          delta: o.operator.tokens,
          reason: 'seed',
          reference: `scale-${id}`,
          description: ledgerDescriptions.seed(),
        });
      }
      operatorId = id;
    }

    // What this run inserts, numbered, so the next steps can refer to it.
    await tx.execute(sql`create temp table scale_categories (id int primary key, n int not null) on commit drop`);
    await tx.execute(
      sql`create temp table scale_subcategories (id int primary key, category_id int not null, n int not null) on commit drop`,
    );
    await tx.execute(sql`create temp table scale_brands (id int primary key, subcategory_id int not null, category_id int not null,
      name text not null, large boolean not null, n int not null) on commit drop`);

    await tx.execute(sql`
      with inserted as (
        insert into categories (name)
        select ${textArray(industries)}[1 + (g - 1) % ${industries.length}] || ' ' || ${textArray(kinds)}[1 + (g - 1) % ${kinds.length}]
               || ' ' || lpad(g::text, 2, '0')
        from generate_series(1, ${o.categories}::int) g order by g
        returning id)
      insert into scale_categories select id, row_number() over (order by id) from inserted`);

    await tx.execute(sql`
      with inserted as (
        insert into subcategories (category_id, name)
        select c.id, ${textArray(lines)}[1 + (j - 1) % ${lines.length}] || ' ' || lpad(c.n::text, 2, '0') || '.' || lpad(j::text, 2, '0')
        from scale_categories c cross join generate_series(1, ${o.subcategoriesPerCategory}::int) j order by c.n, j
        returning id, category_id)
      insert into scale_subcategories select id, category_id, row_number() over (order by id) from inserted`);
    const large = await one<{ id: number; category_id: number }>(tx, sql`select id, category_id from scale_subcategories where n = 1`);

    const brandName = (g: SQL) =>
      sql`${textArray(words)}[1 + ${g} % ${words.length}] || ' ' || ${textArray(kinds)}[1 + (${g} / ${words.length}) % ${kinds.length}] || ' ' || ${g}`;
    await tx.execute(sql`
      with inserted as (
        insert into brands (subcategory_id, name, seo_title, seo_description, logo, socials, created_at)
        select s.id, b.name, b.name || ' ' || 'Catalog', b.name || ': models, specifications and years.',
               case when b.g % 3 = 0 then ${textArray(demoBrandLogos)}[1 + (b.g / 3) % ${demoBrandLogos.length}] end,
               '[{"type":"linkedin","url":"https://www.linkedin.com/company/brand-' || b.g || '"}]',
               now() - make_interval(mins => b.g)
        from scale_subcategories s
        cross join lateral (
          select g, ${brandName(sql`g`)} as name
          from generate_series(1, case when s.n = 1 then ${o.largeSubcategoryBrands}::int else ${o.brandsPerSubcategory}::int end) g
        ) b
        order by s.n, b.g
        returning id, subcategory_id, name)
      insert into scale_brands
      select i.id, i.subcategory_id, s.category_id, i.name, s.n = 1, row_number() over (order by i.id)
      from inserted i join scale_subcategories s on s.id = i.subcategory_id`);

    await tx.execute(sql`
      insert into brand_informations (brand_id, website, country, address, phone_number, email)
      select id, 'https://www.brand-' || id || '.example', ${textArray(['Germany', 'Japan', 'United States', 'Italy', 'Sweden'])}[1 + n % 5],
             case when n % 2 = 0 then n || ' Industrial Road' end, case when n % 4 = 0 then '+1 555 ' || lpad((n % 10000)::text, 4, '0') end,
             case when n % 5 = 0 then 'info@brand-' || id || '.example' end
      from scale_brands`);

    const models = (perBrand: SQL, where: SQL) => sql`
      insert into equipments (category_id, subcategory_id, brand_id, brand, model, year, specifications, description, tags,
                              is_manufactured, is_brand_still_manufactured, seo_title, seo_description, created_at)
      select b.category_id, b.subcategory_id, b.id, b.name,
             upper(substr(md5(b.id::text || '-' || k), 1, 2)) || '-' || (100 + k * 10),
             1990 + (b.n + k) % 35,
             'Power ' || (10 + k * 5) || ' kW; weight ' || (500 + b.n % 900) || ' kg',
             b.name || ' model ' || k || ' for professional use.',
             jsonb_build_array(${textArray(['compact', 'heavy-duty', 'electric', 'diesel', 'hybrid'])}[1 + k % 5], 'series-' || (k % 3)),
             k % 9 <> 0, b.n % 13 <> 0,
             b.name || ' ' || (100 + k * 10) || ' - Catalog', b.name || ' model specifications.',
             now() - make_interval(mins => b.n * 7 + k)
      from scale_brands b cross join generate_series(1, ${perBrand}) k
      where ${where}`;
    await tx.execute(models(sql`${o.modelsPerLargeBrand}::int`, sql`b.large`));
    if (modelsPerOtherBrand > 0) await tx.execute(models(sql`${modelsPerOtherBrand}::int`, sql`not b.large`));
    if (extraModels > 0) {
      // The first brand of the large subcategory gets the remainder: one brand with many models.
      await tx.execute(sql`
        insert into equipments (category_id, subcategory_id, brand_id, brand, model, year, tags, created_at)
        select b.category_id, b.subcategory_id, b.id, b.name, 'XL-' || lpad(k::text, 5, '0'), 2000 + k % 25,
               '["extended"]'::jsonb, now() - make_interval(secs => k)
        from scale_brands b cross join generate_series(1, ${extraModels}::int) k where b.large and b.n = 1`);
    }

    await tx.execute(sql`
      insert into events (category_id, name, description, address, website, event_type, start_date, end_date,
                          seo_title, seo_description, created_at)
      select c.id, ${textArray(words)}[1 + k % ${words.length}] || ' Expo ' || (2026 + k % 4) || ' #' || k,
             'A trade fair of the sector, edition ' || k || '.', ${textArray(['Las Vegas, USA', 'Munich, Germany', 'Paris, France', 'Tokyo, Japan'])}[1 + k % 4],
             'https://expo-' || c.id || '-' || k || '.example', ${textArray(['Trade Show', 'Conference', 'Exhibition', 'Summit'])}[1 + k % 4],
             (date '2026-01-01' + (k * 3 + c.n) % 1400),
             (date '2026-01-01' + (k * 3 + c.n) % 1400 + 1 + k % 4),
             'Expo ' || k || ' | Events', 'Dates, venue and exhibitors.', now() - make_interval(mins => k)
      from scale_categories c
      cross join lateral generate_series(1, ${eventsPerCategory}::int + case when c.n <= ${extraEvents}::int then 1 else 0 end) k`);

    // Statuses: every category's events, most subcategories' brands, the first brands' equipment.
    await tx.execute(sql`
      insert into statuses (name, message, model_type, category_id)
      select ${statusCycle}[1 + n % 8], 'Events generation: ' || ${statusCycle}[1 + n % 8] || '.', ${modelTypes.event}, id
      from scale_categories`);
    await tx.execute(sql`
      insert into statuses (name, message, model_type, subcategory_id)
      select ${statusCycle}[1 + n % 8], 'Brands generation: ' || ${statusCycle}[1 + n % 8] || '.', ${modelTypes.brand}, id
      from scale_subcategories where n % 10 <> 0 or n = 1`);
    await tx.execute(sql`
      insert into statuses (name, message, model_type, subcategory_id, brand_id)
      select case when n % 50 = 0 then ${statusNames.inProgress} else ${statusNames.generated} end,
             'Equipment generation finished.', ${modelTypes.equipment}, subcategory_id, id
      from scale_brands where n <= ${o.brandStatuses}::int`);

    // One generation run behind each status, spread over the last weeks.
    await tx.execute(sql`
      insert into generation_runs (type, user_id, category_id, subcategory_id, brand_id, input_tokens, output_tokens,
                                   total_tokens, equipments_generated, status, message, created_at, finished_at)
      select case s.model_type when ${modelTypes.event} then 'Events' when ${modelTypes.brand} then 'Brands' else 'Equipments' end,
             ${operatorId}::int, coalesce(s.category_id, sc.category_id), s.subcategory_id, s.brand_id,
             800 + s.id % 900, 2000 + s.id % 5000, 2800 + s.id % 900 + s.id % 5000,
             case when s.brand_id is null then 0 else ${o.modelsPerLargeBrand}::int end,
             s.name, '<p>' || s.message || '</p>', now() - make_interval(mins => s.id * 3),
             case when s.name = ${statusNames.inProgress} then null else now() - make_interval(mins => s.id * 3 - 2) end
      from statuses s
      left join subcategories sc on sc.id = s.subcategory_id
      where s.category_id in (select id from scale_categories)
         or s.subcategory_id in (select id from scale_subcategories)`);

    const excludeEvery = Math.max(1, Math.floor(o.equipments / Math.max(1, o.excludedEquipments)));
    await tx.execute(sql`
      insert into equipment_exclusions (equipment_id, created_by)
      select e.id, ${operatorId}::int from equipments e join scale_brands b on b.id = e.brand_id
      where e.id % ${excludeEvery}::int = 0 order by e.id limit ${o.excludedEquipments}::int`);
    const excludeBrandEvery = Math.max(1, Math.floor((o.largeSubcategoryBrands + otherBrands) / Math.max(1, o.excludedBrands)));
    await tx.execute(sql`
      insert into brand_exclusions (brand_id, created_by)
      select id, ${operatorId}::int from scale_brands where n % ${excludeBrandEvery}::int = 0 order by n limit ${o.excludedBrands}::int`);

    return one<Omit<ScaleSummary, 'milliseconds' | 'largeSubcategoryId' | 'largeCategoryId'>>(
      tx,
      sql`select (select count(*)::int from scale_categories) as categories,
                 (select count(*)::int from scale_subcategories) as subcategories,
                 (select count(*)::int from scale_brands) as brands,
                 (select count(*)::int from equipments where subcategory_id in (select id from scale_subcategories)) as equipments,
                 (select count(*)::int from events where category_id in (select id from scale_categories)) as events,
                 (select count(*)::int from statuses) as statuses`,
    ).then((counts) => ({ ...counts, largeSubcategoryId: large.id, largeCategoryId: large.category_id }));
  });

  // Fresh statistics for the planner, and a visibility map for index-only scans.
  await db.execute(sql`vacuum analyze`);
  return { ...summary, milliseconds: Math.round(performance.now() - started) };
}
