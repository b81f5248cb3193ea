import { and, count, eq } from 'drizzle-orm';
import { statusNames } from '../../contract/statuses';
import { upsertOperator } from '../auth/users';
import type { Database, Executor } from '../db/client';
import {
  brandExclusions,
  brandInformations,
  brands,
  categories,
  equipmentExclusions,
  equipments,
  events,
  subcategories,
  tokenLedger,
  users,
} from '../db/schema';
import { changeBalance } from '../tokens/ledger';
import { ledgerDescriptions } from '../tokens/descriptions';
import { demoCatalogue, demoExcludedBrands, demoExcludedModels } from './demo-catalogue';
import { seedRun, statusMessages } from './demo-runs';

export const demoOperatorTokens = 2_500_000;

/** When the demo catalogue's history begins: its runs follow, 37 minutes apart. */
const demoClockStart = new Date(Date.UTC(2026, 9, 1, 9, 30));

/** A demo brand's logo: a small SVG in public/brand-logos/ (the SPA's build serves it), one per demo brand. */
export const brandLogoPath = (brandName: string) => `/brand-logos/${brandName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`;

/** Every demo brand's logo (the scale seed lends them to its brands). */
export const demoBrandLogos = [
  ...new Set(demoCatalogue.flatMap((c) => c.subcategories.flatMap((s) => s.brands.map((b) => brandLogoPath(b.name))))),
];

async function countRows(db: Executor, table: typeof users | typeof categories): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}

/** True when the database holds neither operators nor catalogue. */
export async function isEmpty(db: Executor): Promise<boolean> {
  return (await countRows(db, users)) === 0 && (await countRows(db, categories)) === 0;
}

/**
 * Seeds, in one transaction, the demo operator when there is no operator yet and the demo catalogue when there
 * is no catalogue yet; what exists is left alone. Answers what it seeded.
 */
export async function seedDemo(
  db: Database,
  operator: { email: string; password: string },
): Promise<{ operator: boolean; catalogue: boolean }> {
  return db.transaction(async (tx) => {
    const seedOperator = (await countRows(tx, users)) === 0;
    const seedCatalogue = (await countRows(tx, categories)) === 0;
    let userId: number | null = null;
    if (seedOperator) {
      ({ id: userId } = await upsertOperator(tx, { email: operator.email, password: operator.password, name: 'Demo Operator' }));
      await changeBalance(tx, {
        userId,
        delta: demoOperatorTokens,
        reason: 'seed',
        reference: 'demo',
        description: ledgerDescriptions.seed(),
      });
    }
    if (seedCatalogue) await seedCatalogueInto(tx, userId);
    // The starting balance comes before the seeded runs that spend from it.
    if (seedOperator && seedCatalogue && userId !== null)
      await tx
        .update(tokenLedger)
        .set({ createdAt: demoClockStart })
        .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.reason, 'seed')));
    return { operator: seedOperator, catalogue: seedCatalogue };
  });
}

async function seedCatalogueInto(tx: Executor, userId: number | null): Promise<void> {
  const day = 86_400_000;
  let clock = demoClockStart.getTime();
  const tick = () => new Date((clock += 37 * 60_000));

  for (const demoCategory of demoCatalogue) {
    const [category] = await tx.insert(categories).values({ name: demoCategory.name }).returning();
    if (!category) throw new Error('category not inserted');

    for (const e of demoCategory.events) {
      const start = new Date(`${e.start}T00:00:00Z`);
      await tx.insert(events).values({
        categoryId: category.id,
        name: e.name,
        description: `${e.name} brings the ${demoCategory.name.toLowerCase()} industry together in ${e.city}.`,
        address: e.city,
        website: e.website,
        eventType: e.type,
        startDate: e.start,
        endDate: new Date(start.getTime() + (e.days - 1) * day).toISOString().slice(0, 10),
        seoTitle: `${e.name} | ${demoCategory.name} Events`,
        seoDescription: `Dates, venue and exhibitors of ${e.name}.`,
        createdAt: tick(),
      });
    }
    if (demoCategory.eventsStatus) {
      const created = tick();
      await seedRun(tx, {
        type: 'Events',
        status: demoCategory.eventsStatus,
        userId,
        place: { categoryId: category.id },
        names: { category: demoCategory.name, subcategory: null, brand: null },
        itemsAdded: demoCategory.events.length,
        tokens: { input: 1_850, output: 6_420 },
        message: `<p>${statusMessages[demoCategory.eventsStatus] ?? ''}</p>`,
        at: { created, finished: tick() },
      });
    }

    for (const demoSubcategory of demoCategory.subcategories) {
      const [subcategory] = await tx.insert(subcategories).values({ categoryId: category.id, name: demoSubcategory.name }).returning();
      if (!subcategory) throw new Error('subcategory not inserted');
      if (demoSubcategory.status) {
        const created = tick();
        const brandCount = demoSubcategory.brands.length;
        await seedRun(tx, {
          type: 'Brands',
          status: demoSubcategory.status,
          userId,
          place: { categoryId: category.id, subcategoryId: subcategory.id },
          names: { category: demoCategory.name, subcategory: demoSubcategory.name, brand: null },
          itemsAdded: brandCount,
          tokens: { input: 1_200, output: 3_900 },
          message: `<p>${statusMessages[demoSubcategory.status] ?? ''}</p><p><strong>${brandCount}</strong> ${brandCount === 1 ? 'brand' : 'brands'}.</p>`,
          at: { created, finished: tick() },
        });
      }

      for (const [index, demoBrand] of demoSubcategory.brands.entries()) {
        const createdAt = tick();
        const [brand] = await tx
          .insert(brands)
          .values({
            subcategoryId: subcategory.id,
            name: demoBrand.name,
            seoTitle: `${demoBrand.name} ${demoSubcategory.name}`,
            seoDescription: `${demoBrand.name} ${demoSubcategory.name.toLowerCase()}: models, specifications and years.`,
            logo: index % 2 === 0 ? brandLogoPath(demoBrand.name) : null,
            socials: JSON.stringify([
              { type: 'linkedin', url: `https://www.linkedin.com/company/${encodeURIComponent(demoBrand.name.toLowerCase())}` },
              ...(index % 2 === 0 ? [{ type: 'x', url: `https://x.com/${encodeURIComponent(demoBrand.name.replace(/\s+/g, ''))}` }] : []),
            ]),
            createdAt,
          })
          .returning();
        if (!brand) throw new Error('brand not inserted');
        await tx.insert(brandInformations).values({
          brandId: brand.id,
          website: demoBrand.website,
          country: demoBrand.country,
          address: index % 2 === 0 ? null : `${demoBrand.country} headquarters`,
          phoneNumber: null,
          email: index === 0 ? `info@${demoBrand.website.replace(/^https:\/\/www\./, '')}` : null,
        });
        if (demoBrand.models.length > 0) {
          await tx.insert(equipments).values(
            demoBrand.models.map((m) => ({
              categoryId: category.id,
              subcategoryId: subcategory.id,
              brandId: brand.id,
              brand: demoBrand.name,
              model: m.model,
              year: m.year,
              specifications: `${m.model}: see the manufacturer's data sheet.`,
              description: `${demoBrand.name} ${m.model}, ${m.year}.`,
              tags: m.tags,
              isManufactured: true,
              isBrandStillManufactured: true,
              seoTitle: `${demoBrand.name} ${m.model} - ${demoSubcategory.name} Catalog`,
              seoDescription: `${demoBrand.name} ${m.model} specifications.`,
              createdAt: tick(),
            })),
          );
          const created = tick();
          const modelCount = demoBrand.models.length;
          await seedRun(tx, {
            type: 'Equipments',
            status: statusNames.generated,
            userId,
            place: { categoryId: category.id, subcategoryId: subcategory.id, brandId: brand.id },
            names: { category: demoCategory.name, subcategory: demoSubcategory.name, brand: demoBrand.name },
            itemsAdded: modelCount,
            tokens: { input: 900, output: 2_300 * modelCount },
            message: `<p>Generated <strong>${modelCount}</strong> ${modelCount === 1 ? 'model' : 'models'} for ${demoBrand.name}.</p>`,
            at: { created, finished: tick() },
          });
        }
        if (demoExcludedBrands.includes(demoBrand.name)) {
          await tx.insert(brandExclusions).values({ brandId: brand.id, createdBy: userId });
        }
      }
    }
  }

  const excludedModels = await tx.select({ id: equipments.id, brand: equipments.brand, model: equipments.model }).from(equipments);
  for (const row of excludedModels) {
    if (demoExcludedModels.some(([b, m]) => b === row.brand && m === row.model)) {
      await tx.insert(equipmentExclusions).values({ equipmentId: row.id, createdBy: userId });
    }
  }
}
