import MBMLEngine
