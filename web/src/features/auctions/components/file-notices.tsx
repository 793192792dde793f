import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/field';
import { postAuctionStep } from '../api/auction-file';
import { languageLabel, NOTICE_LANGUAGES } from '../derive';
import styles from './auctions.module.css';
import { day, Facts, useStep, type SectionProps } from './file-step';
import { DateInput } from '@/components/ui/date-input';

const CHANNELS: Record<string, string> = { sms: 'SMS', email: 'Email', registered_post: 'Registered post' };

/** The notice to the borrower: SMS and email through the outbox, and the registered letter's record. */
export function NoticeSection({ file, readOnly, onSaved }: SectionProps) {
  const [postedOn, setPostedOn] = useState(file.today);
  const [reference, setReference] = useState('');
  const [language, setLanguage] = useState('en');
  const step = useStep(onSaved);
  const n = file.notice;
  const listed = file.auctionStatus === 'ready_for_auction' || file.auctionStatus === 'auction_scheduled';
  return (
    <Card title="1. Notice to the borrower" titleAs="h2" data-testid="notice-section">
      {n ? (
        <Facts
          rows={[
            ['Sent', day(n.noticeDate)],
            ['By', n.channels.map((c) => CHANNELS[c] ?? c).join(', ')],
            ['Registered post', `${day(n.postedOn)}, ref. ${n.postReference}`],
            ['Language', languageLabel(n.language)],
            ['Auction from', `${day(n.auctionNotBefore)} (${file.noticeDays} days)`],
          ]}
        />
      ) : !listed ? (
        <p className={styles.note}>Mark the loan for auction first.</p>
      ) : readOnly ? (
        <p className={styles.note}>Not sent yet.</p>
      ) : (
        <form
          className={styles.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void step.run(() =>
              postAuctionStep(
                file.loanId,
                'auction-notice',
                { postedOn, postReference: reference, language },
                file.version,
              ),
            );
          }}
        >
          <p className={styles.note}>
            Sends the notice by SMS{file.customer.email ? ' and email' : ''} now. Post the same notice by
            registered post and enter its receipt. The auction may be held {file.noticeDays} days after today
            at the earliest.
          </p>
          {step.failure}
          <div className={styles.pair}>
            <DateInput
              label="Registered post date"
              required
              max={file.today}
              value={postedOn}
              onChange={(e) => setPostedOn(e.target.value)}
            />
            <Input
              label="Registered post reference"
              required
              maxLength={60}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
          </div>
          <Select
            label="Language of the notice"
            value={language}
            hint="The borrower's own language is recorded by a later issue; English until then."
            onChange={(e) => setLanguage(e.target.value)}
          >
            {NOTICE_LANGUAGES.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </Select>
          <div className={styles.buttons}>
            <Button type="submit" loading={step.busy}>
              Send Notice
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

type Paper = { name: string; language: string; publishedOn: string };

/** The public notice: one vernacular and one national newspaper, for the scheduled auction. */
export function PublicNoticeSection({ file, readOnly, onSaved }: SectionProps) {
  const [vernacular, setVernacular] = useState<Paper>({ name: '', language: '', publishedOn: file.today });
  const [national, setNational] = useState<Paper>({ name: '', language: 'English', publishedOn: file.today });
  const step = useStep(onSaved);
  const current = file.publicNotice?.round === file.round ? file.publicNotice : null;
  const scheduled = file.auctionStatus === 'auction_scheduled';
  const paperFields = (label: string, p: Paper, set: (p: Paper) => void) => (
    <fieldset className={styles.form}>
      <legend>{label}</legend>
      <Input
        label={`${label}: name`}
        required
        maxLength={120}
        value={p.name}
        onChange={(e) => set({ ...p, name: e.target.value })}
      />
      <div className={styles.pair}>
        <Input
          label={`${label}: language`}
          required
          maxLength={40}
          value={p.language}
          onChange={(e) => set({ ...p, language: e.target.value })}
        />
        <DateInput
          label={`${label}: published on`}
          required
          max={file.today}
          value={p.publishedOn}
          onChange={(e) => set({ ...p, publishedOn: e.target.value })}
        />
      </div>
    </fieldset>
  );
  return (
    <Card title="3. Public notice" titleAs="h2" data-testid="public-notice-section">
      {current && (
        <Facts
          rows={current.newspapers.map((p) => [
            p.kind === 'vernacular' ? 'Vernacular' : 'National',
            `${p.name} (${p.language}), ${day(p.publishedOn)}`,
          ])}
        />
      )}
      {!scheduled && !current ? (
        <p className={styles.note}>Schedule the auction first: the newspapers announce its date and venue.</p>
      ) : readOnly || file.auctionStatus === 'auctioned' || current ? (
        !current && <p className={styles.note}>Not recorded.</p>
      ) : (
        scheduled && (
          <form
            className={styles.form}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void step.run(() =>
                postAuctionStep(
                  file.loanId,
                  'auction-public-notice',
                  {
                    newspapers: [
                      { ...vernacular, kind: 'vernacular' },
                      { ...national, kind: 'national' },
                    ],
                  },
                  file.version,
                ),
              );
            }}
          >
            {step.failure}
            {paperFields('Vernacular newspaper', vernacular, setVernacular)}
            {paperFields('National newspaper', national, setNational)}
            <div className={styles.buttons}>
              <Button type="submit" loading={step.busy}>
                Record Public Notice
              </Button>
            </div>
          </form>
        )
      )}
    </Card>
  );
}
