import { queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';

const DAY = 24 * 3600_000;

export const statesQuery = () =>
  queryOptions({
    queryKey: keyOf('Geography', 'getAllStates'),
    queryFn: async () => (await call(client.GET('/api/GetAllState'))).data,
    staleTime: DAY,
  });

export const citiesQuery = (stateId: number) =>
  queryOptions({
    queryKey: keyOf('Geography', 'getCitiesByState', { id: stateId }),
    queryFn: async () =>
      (await call(client.GET('/api/GetAllCityByStateId/{id}', { params: { path: { id: stateId } } }))).data,
    staleTime: DAY,
    enabled: stateId > 0,
  });

export const statesWithZonesQuery = () =>
  queryOptions({
    queryKey: keyOf('Geography', 'getStatesWithZones'),
    queryFn: async () => (await call(client.GET('/api/Common/GetStatesWithZones'))).data,
  });

export const citiesWithZonesQuery = (stateid: number) =>
  queryOptions({
    queryKey: keyOf('Geography', 'getCitiesWithZonesByState', { stateid }),
    queryFn: async () =>
      (await call(client.GET('/api/Common/GetCityWithZonesByState', { params: { query: { stateid } } }))).data,
    enabled: stateid > 0,
  });

export const zonesOfCityQuery = (StateId: number, CityId: number) =>
  queryOptions({
    queryKey: keyOf('Geography', 'getZonesByCity', { StateId, CityId }),
    queryFn: async () =>
      (await call(client.GET('/api/Common/GetZonesWithRepsectToCity', { params: { query: { StateId, CityId } } })))
        .data,
    enabled: StateId > 0 && CityId > 0,
  });
