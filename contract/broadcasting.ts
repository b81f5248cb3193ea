import { endpoint } from './endpoint';
import { errorAnswer } from './http';
import { broadcastingAuthAnswer, broadcastingAuthBody } from './realtime';

export const broadcastingApi = {
  auth: endpoint({
    name: 'broadcasting.auth',
    method: 'POST',
    path: '/broadcasting/auth',
    summary: "Signs a private channel subscription for pusher-js (form-encoded or JSON); 403 for another operator's channel.",
    body: broadcastingAuthBody,
    answer: broadcastingAuthAnswer,
    otherAnswers: { 403: errorAnswer },
  }),
} as const;
