import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, Card, CardContent, Stack, Tab, Tabs, Typography, useMediaQuery, useTheme } from '@mui/material';
import { usePreferences } from '@/lib/preferences';
import { currentUserQuery } from '@/lib/queries';
import { Icon } from '@/components/icon';
import { useNotices } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/page-states';
import { ChangePasswordForm } from '../components/change-password-form';
import { BusinessSection } from '../components/business-section';
import { DataSection } from '../components/data-section';
import { PreferencesSection } from '../components/preferences-section';
import { ProfileSection } from '../components/profile-section';
import { SessionsList } from '../components/sessions-list';
import { MfaSection } from '../components/mfa-section';

const SECTIONS = ['profile', 'business', 'preferences', 'security', 'data'] as const;
type Section = (typeof SECTIONS)[number];
const ICONS: Record<Section, string> = {
  profile: 'heroicons_outline:user-circle',
  business: 'heroicons_outline:building-storefront',
  preferences: 'heroicons_outline:adjustments-horizontal',
  security: 'heroicons_outline:lock-closed',
  data: 'heroicons_outline:archive-box',
};

function SectionCard({ title, subtitle, children, id }: { title: string; subtitle?: string; children: ReactNode; id?: string }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography
            variant="body2"
            sx={{
              color: 'text.secondary',
              mb: 2,
            }}
          >
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: subtitle ? 0 : 2 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

/** The signed-in person's own settings: profile, preferences, security. Tabs on a wide screen, one column on a phone. */
export default function UserSettings() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const user = useQuery(currentUserQuery);
  const { applyPreferences: apply } = usePreferences();

  // The open tab is in the address, so a reload or a link lands on it.
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: Section = (SECTIONS as readonly string[]).includes(tabParam ?? '') ? (tabParam as Section) : 'profile';

  const notices = useNotices();
  const onSaved = notices.done;
  // The sections report a failure already in words.
  const onError = (text: string) => notices.failed(new Error(text));

  return (
    <QueryView query={user}>
      {(u) => {
        const sections: Record<Section, ReactNode> = {
          profile: (
            <SectionCard title={t('settings.sections.profile')} subtitle={t('settings.sections.profileHint')}>
              <ProfileSection user={u} onSaved={onSaved} onError={onError} />
            </SectionCard>
          ),
          business: (
            <SectionCard title={t('settings.sections.business')} subtitle={t('settings.sections.businessHint')}>
              <BusinessSection onSaved={onSaved} />
            </SectionCard>
          ),
          preferences: (
            <SectionCard title={t('settings.sections.preferences')} subtitle={t('settings.sections.preferencesHint')}>
              <PreferencesSection user={u} apply={apply} onSaved={onSaved} onError={onError} />
            </SectionCard>
          ),
          security: (
            <Stack spacing={3}>
              <SectionCard id="password-title" title={t('settings.password.title')} subtitle={t('settings.password.hint')}>
                <ChangePasswordForm mfa={u.mfaEnabled} />
              </SectionCard>
              <SectionCard title={t('settings.mfa.title')} subtitle={t('settings.mfa.hint')}>
                <MfaSection user={u} onSaved={onSaved} />
              </SectionCard>
              <SectionCard title={t('settings.sessions.title')} subtitle={t('settings.sessions.hint')}>
                <SessionsList onSaved={onSaved} onError={onError} />
              </SectionCard>
            </Stack>
          ),
          data: (
            <SectionCard title={t('settings.sections.data')} subtitle={t('settings.sections.dataHint')}>
              <DataSection mfa={u.mfaEnabled} />
            </SectionCard>
          ),
        };

        return (
          <Box>
            <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
            {isWide ? (
              <>
                <Tabs
                  value={tab}
                  onChange={(_e, v: Section) => setSearchParams(v === 'profile' ? {} : { tab: v }, { replace: true })}
                  aria-label={t('settings.title')}
                  sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
                >
                  {SECTIONS.map((s) => (
                    <Tab
                      key={s}
                      value={s}
                      id={`settings-tab-${s}`}
                      aria-controls={`settings-panel-${s}`}
                      label={t(`settings.sections.${s}`)}
                      icon={
                        <Box component="span" sx={{ display: 'inline-flex' }}>
                          <Icon name={ICONS[s]} size={20} />
                        </Box>
                      }
                      iconPosition="start"
                      sx={{ minHeight: 48 }}
                    />
                  ))}
                </Tabs>
                <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
                  {sections[tab]}
                </Box>
              </>
            ) : (
              <Stack spacing={3}>
                {SECTIONS.map((s) => (
                  <Box key={s} component="section">
                    {sections[s]}
                  </Box>
                ))}
              </Stack>
            )}
            {notices.view}
          </Box>
        );
      }}
    </QueryView>
  );
}
