-- 0011_recruitment: reserved; its owner writes the tables here.
SELECT 1;
