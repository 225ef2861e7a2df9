/** What the link that stops a kind of mail (retake reminders, follow-ups) answers: the address, whether it is stopped, and a sentence saying so. */
export interface MailStopAnswer {
  email: string;
  stopped: boolean;
  message: string;
}
