import type { FastifyInstance } from 'fastify'
import {
  additionalInfoInputSchema,
  additionalInfoResponseSchema,
  directoryPageSchema,
  directoryQuerySchema,
  introInputSchema,
  memberAdditionalInfoResponseSchema,
  memberIntroSchema,
  userIdParamsSchema,
} from '../../../src/contract/people'
import { defineRoute } from '../http/route'
import type { PeopleService } from './people.service'

/**
 * People (SPEC §5.1). Intros are for every member; additional info is private to its owner,
 * executives and admins, and never part of any answer another member can get.
 */
export function registerPeopleRoutes(app: FastifyInstance, people: PeopleService) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/intros',
    tag: 'people',
    summary: 'The member directory: every active member with their intro, filtered and paged',
    query: directoryQuerySchema,
    response: directoryPageSchema,
    handler: ({ query }) => people.directory(query),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/intros/:userId',
    tag: 'people',
    summary: 'One active member’s intro',
    params: userIdParamsSchema,
    response: memberIntroSchema,
    handler: ({ params }) => people.intro(params.userId),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/me/intro',
    tag: 'people',
    summary: 'My intro as others see it',
    response: memberIntroSchema,
    handler: ({ principal }) => people.myIntro(principal!.user.id),
  })

  defineRoute(app, {
    method: 'PUT',
    url: '/api/me/intro',
    tag: 'people',
    summary: 'Write or replace my intro',
    body: introInputSchema,
    response: memberIntroSchema,
    handler: ({ principal, body }) => people.saveMyIntro(principal!.user.id, body),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/me/additional-info',
    tag: 'people',
    summary: 'My details for the university, and which required ones are missing',
    response: additionalInfoResponseSchema,
    handler: ({ principal }) => people.myAdditionalInfo(principal!.user.id),
  })

  defineRoute(app, {
    method: 'PUT',
    url: '/api/me/additional-info',
    tag: 'people',
    summary: 'Save my details for the university',
    body: additionalInfoInputSchema,
    response: additionalInfoResponseSchema,
    handler: ({ principal, body }) => people.saveMyAdditionalInfo(principal!.user.id, body),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/users/:userId/additional-info',
    tag: 'people',
    summary: 'A member’s details for the university (executives and admins)',
    params: userIdParamsSchema,
    response: memberAdditionalInfoResponseSchema,
    handler: ({ params }) => people.additionalInfoOfMember(params.userId),
  })
}
