// Loaded before every test file: tsyringe needs the Reflect metadata API.
import 'reflect-metadata';
