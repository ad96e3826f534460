import type { Onboarding } from '@cuadre/contracts';
import type { Db } from '../../db/client.js';
import type { Authenticated } from '../auth/index.js';
import { OnboardingRepository } from './onboarding.repository.js';

/** The hub's first-run checklist: each step from the owner's own records, never from a flag the page sets. */
export class OnboardingService {
  constructor(private readonly db: Db) {}

  async get(auth: Authenticated): Promise<Onboarding> {
    const { user } = auth;
    const books = await new OnboardingRepository(this.db, user.id).progress();
    return {
      // The business's name is the account's company (settings' business section writes it).
      steps: { business: !!user.company?.trim(), ...books },
      dismissed: user.preferences.onboardingDismissed === true,
    };
  }
}
